import { spawn } from "node:child_process";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GenerationSpec } from "@/lib/catalog";
import { frameSize } from "@/lib/jobs/providers/frame-size";
import {
  fontSizeFor,
  PROMPT_FILE,
  renderArgs,
  wrapPrompt,
} from "@/lib/jobs/providers/local-render-args";

const CAPTION = "Reel402 devnet: wait-only render (LOCAL_RENDER_WAIT_ONLY)";
const SEED = 1;

// One render per clip shape per process: the point of the wait-only mode is no ffmpeg per job.
const clips = new Map<string, Promise<string>>();

/**
 * A real MP4 of the spec's shape (duration, frame, audio) captioned as a wait-only render, made
 * once per process and shared by every job of that shape. A job's own prompt is never drawn:
 * the clip says what it is rather than pass for the job's render.
 */
export function stockClip(ffmpeg: string, workDir: string, spec: GenerationSpec): Promise<string> {
  const shape = `${spec.durationSeconds}s-${spec.resolution}-${spec.ratio.replace(":", "x")}-${spec.generateAudio ? "audio" : "mute"}`;
  const key = path.join(workDir, `stock-${shape}`);
  let clip = clips.get(key);
  if (!clip) {
    clip = render(ffmpeg, key, spec);
    clips.set(key, clip);
    // A failed render is tried again by the next job rather than failing every job of the shape.
    clip.catch(() => clips.get(key) === clip && clips.delete(key));
  }
  return clip;
}

async function render(ffmpeg: string, dir: string, spec: GenerationSpec): Promise<string> {
  const file = path.join(dir, "clip.mp4");
  if (
    await stat(file).then(
      (s) => s.size > 0,
      () => false,
    )
  )
    return file;
  await mkdir(dir, { recursive: true });
  const shape: GenerationSpec = {
    model: spec.model,
    prompt: CAPTION,
    durationSeconds: spec.durationSeconds,
    resolution: spec.resolution,
    ratio: spec.ratio,
    seed: SEED,
    generateAudio: spec.generateAudio,
    cameraFixed: null,
  };
  const { width, height } = frameSize(shape.resolution, shape.ratio);
  await writeFile(
    path.join(dir, PROMPT_FILE),
    wrapPrompt(CAPTION, width, fontSizeFor(width, height)),
  );
  const partial = `clip-${process.pid}.mp4`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, renderArgs(shape, SEED, partial), {
      cwd: dir,
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
    );
  });
  await rename(path.join(dir, partial), file);
  return file;
}
