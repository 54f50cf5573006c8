import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { getModels } from "@/lib/media/images/models";
import { sampleFrames } from "@/lib/jobs/sample-frames";
import { createVideoScreener } from "@/lib/jobs/screen-delivered-video";
import { PROMPT_FILE, renderArgs } from "@/lib/jobs/providers/local-render-args";

const run = promisify(execFile);

const SPEC: GenerationSpec = {
  model: "alpha-2.0",
  prompt: "a paper lantern drifting over a lake at dusk",
  durationSeconds: 5,
  resolution: "720p",
  ratio: "16:9",
  seed: null,
  generateAudio: false,
  cameraFixed: null,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Time output screening adds to one job: a 5 s 720p clip of the local renderer (a new seed each
 * run, so no frame is answered from the screener's cache), sampled and screened as advance() does.
 * Prints wall time and this process's CPU time (ffmpeg's own CPU is in its child process).
 */
export async function benchOutputScreening(runs = 5): Promise<void> {
  const loadStarted = performance.now();
  await getModels();
  console.log(
    `output screening: model load (once per process) ${(performance.now() - loadStarted).toFixed(0)} ms`,
  );
  const screen = createVideoScreener();
  const dir = await mkdtemp(path.join(tmpdir(), "reel402-bench-screen-"));
  const sample: number[] = [];
  const total: number[] = [];
  const cpu: number[] = [];
  try {
    await writeFile(path.join(dir, PROMPT_FILE), SPEC.prompt);
    for (let i = 0; i < runs; i++) {
      const out = `clip-${i}.mp4`;
      await run(ffmpegInstaller.path, renderArgs(SPEC, 1_000 + i, out), { cwd: dir });
      const file = path.join(dir, out);
      let started = performance.now();
      const { frames } = await sampleFrames(file);
      sample.push(performance.now() - started);
      const cpuStarted = process.cpuUsage();
      started = performance.now();
      const verdict = await screen(file, SPEC);
      total.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu.push((used.user + used.system) / 1000);
      if (verdict.verdict !== "pass")
        console.log(`  run ${i}: unexpected verdict ${verdict.verdict}`);
      if (i === 0) console.log(`  ${frames.length} frames per 5 s clip`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  console.log(
    `output screening, 5 s 720p clip, ${runs} runs: median ${median(total).toFixed(0)} ms per job ` +
      `(frame sampling alone ${median(sample).toFixed(0)} ms; screener CPU in-process ${median(cpu).toFixed(0)} ms)`,
  );
}
