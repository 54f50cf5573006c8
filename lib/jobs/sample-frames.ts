import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import ffprobeInstaller from "@ffprobe-installer/ffprobe";

export type SamplerOptions = {
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Frames at most, the last frame included: a long video is sampled evenly, never just its start. */
  maxFrames?: number;
  /** Each child process is killed past this: a video that takes longer to decode is not screened. */
  timeoutMs?: number;
};

export const SAMPLER_DEFAULTS = { maxFrames: 8, timeoutMs: 60_000 } as const;

/**
 * Frames no larger than the detector's own input, so each costs one detector pass and no tiles
 * (tiled, a 720p frame took seven passes: ~36 s of one core per 5 s clip here). The picture a
 * job starts from is where tiles search for small faces, before payment; this check is the second
 * line, against an upstream that draws what it was not given, and finds faces from about a
 * tenth of the frame's height.
 */
const MAX_SIDE = 512;
// A larger picture is no upstream's honest output and would cost a decoder hundreds of MB a frame.
const MAX_PIXELS = 4096 * 4096;

/** Why frames could not be taken; the video was not judged (never a verdict about its content). */
export class FrameSamplingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FrameSamplingError";
  }
}

export type SampledFrames = { durationSeconds: number; frames: Buffer[] };

/**
 * JPEG frames of a video file: the first, one per second after it (spaced wider when the video is
 * longer than maxFrames - 1 seconds), and the last. ffmpeg runs as a child process, so decoding a
 * hostile file costs CPU in another process, bounded by the timeout, never the caller's thread.
 */
export async function sampleFrames(
  file: string,
  opts: SamplerOptions = {},
): Promise<SampledFrames> {
  const maxFrames = Math.max(2, opts.maxFrames ?? SAMPLER_DEFAULTS.maxFrames);
  const timeoutMs = opts.timeoutMs ?? SAMPLER_DEFAULTS.timeoutMs;
  const { durationSeconds, width, height } = await probeVideo(
    opts.ffprobePath ?? ffprobeInstaller.path,
    file,
    timeoutMs,
  );
  if (width * height > MAX_PIXELS)
    throw new FrameSamplingError(`frames of ${width}×${height} are larger than any rendition`);
  const spaced = maxFrames - 1;
  const interval = Math.max(1, durationSeconds / spaced);
  const dir = await mkdtemp(path.join(tmpdir(), "reel402-frames-"));
  try {
    const scale = `scale='min(${MAX_SIDE},iw)':'min(${MAX_SIDE},ih)':force_original_aspect_ratio=decrease`;
    // \\, : the comma inside gte() must not end the filter in ffmpeg's filter-graph syntax.
    const every = `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${interval.toFixed(3)})'`;
    await run(
      opts.ffmpegPath ?? ffmpegInstaller.path,
      [
        ...["-nostdin", "-v", "error", "-y"],
        ...["-i", file, "-sseof", "-1", "-i", file],
        ...["-map", "0:v:0", "-vf", `${every},${scale}`, "-vsync", "vfr"],
        ...["-frames:v", String(spaced), "-q:v", "2", path.join(dir, "at-%03d.jpg")],
        // Every frame of the last second overwrites the one before: the file ends as the last frame.
        ...["-map", "1:v:0", "-vf", scale, "-update", "1", "-q:v", "2", path.join(dir, "last.jpg")],
      ],
      timeoutMs,
    );
    const names = (await readdir(dir)).filter((n) => n.endsWith(".jpg")).sort();
    if (names.length === 0) throw new FrameSamplingError("no frame could be decoded");
    const frames = await Promise.all(names.map((n) => readFile(path.join(dir, n))));
    return { durationSeconds, frames };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function probeVideo(ffprobe: string, file: string, timeoutMs: number) {
  const out = await run(
    ffprobe,
    [
      ...["-v", "error", "-select_streams", "v:0"],
      ...["-show_entries", "stream=width,height:format=duration", "-of", "json", file],
    ],
    timeoutMs,
  );
  let parsed: { streams?: { width?: number; height?: number }[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(out);
  } catch {
    throw new FrameSamplingError("ffprobe answered something other than JSON");
  }
  const stream = parsed.streams?.[0];
  const durationSeconds = Number(parsed.format?.duration);
  if (!stream?.width || !stream.height)
    throw new FrameSamplingError("the file has no video stream");
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new FrameSamplingError("the video has no duration");
  return { durationSeconds, width: stream.width, height: stream.height };
}

/** Runs a child to completion and returns its stdout; a non-zero exit, spawn error or timeout throws. */
function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout?.on("data", (d: Buffer) => {
      if (stdout.length < 65_536) stdout += d.toString();
    });
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-500);
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(new FrameSamplingError(`${path.basename(command)} could not start: ${error.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut)
        return reject(new FrameSamplingError(`${path.basename(command)} ran past ${timeoutMs} ms`));
      if (code === 0) return resolve(stdout);
      const last = stderr.trim().split("\n").at(-1)?.slice(0, 200);
      reject(
        new FrameSamplingError(`${path.basename(command)} exited ${code}: ${last || "no message"}`),
      );
    });
  });
}
