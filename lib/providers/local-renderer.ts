import { spawn } from "node:child_process";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { FPS, renderArgs, wrapPrompt } from "@/lib/providers/local-render-args";
import { frameSize } from "@/lib/providers/frame-size";
import { type GenerationSpec, ProviderFailure, type VideoProvider } from "@/lib/providers/types";

export type LocalRendererConfig = { workDir: string; minLatencyMs: number; faultRate: number; ffmpegPath?: string; random?: () => number };

type TaskState = { spec: GenerationSpec; seed: number; fail: boolean; submittedAt: number; pid: number | null; status: "rendering" | "done" | "failed" | "cancelled"; error?: string };

const FAILED = { code: "upstream_failed", message: "The renderer failed to produce a video.", retryable: true };

/**
 * The default upstream: renders a real H.264 MP4 with ffmpeg. Task state lives on disk, so a
 * fresh process can poll a task another one submitted, and a render cut short by a crash is
 * restarted for the same task (same seed) rather than submitted again.
 */
export function createLocalProvider(config: LocalRendererConfig): VideoProvider {
  const ffmpeg = config.ffmpegPath ?? ffmpegInstaller.path;
  const random = config.random ?? Math.random;
  const dir = (taskId: string) => {
    if (!/^local-[0-9a-f-]{36}$/.test(taskId)) throw new ProviderFailure({ code: "unknown_task", message: "Unknown render task.", retryable: false });
    return path.join(config.workDir, taskId);
  };
  const output = (taskId: string) => path.join(dir(taskId), "output.mp4");
  const readState = async (taskId: string): Promise<TaskState> => {
    try {
      return JSON.parse(await readFile(path.join(dir(taskId), "state.json"), "utf8")) as TaskState;
    } catch {
      throw new ProviderFailure({ code: "unknown_task", message: "Unknown render task.", retryable: false });
    }
  };
  const writeState = (taskId: string, state: TaskState) => writeFile(path.join(dir(taskId), "state.json"), JSON.stringify(state));

  const render = async (taskId: string, state: TaskState) => {
    const textFile = path.join(dir(taskId), "prompt.txt");
    await writeFile(textFile, wrapPrompt(state.spec.prompt, frameSize(state.spec.resolution, state.spec.ratio).width));
    const partial = path.join(dir(taskId), "render.partial.mp4");
    const child = spawn(ffmpeg, renderArgs(state.spec, state.seed, textFile, partial), { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.on("exit", (code) => {
      void (async () => {
        const current = await readState(taskId).catch(() => null);
        if (!current || current.status === "cancelled") return;
        if (code === 0) {
          await rename(partial, output(taskId));
          await writeState(taskId, { ...current, status: "done", pid: null });
        } else {
          await writeState(taskId, { ...current, status: "failed", pid: null, error: stderr.trim().split("\n").at(-1) ?? `exit ${code}` });
        }
      })().catch(() => undefined);
    });
    await writeState(taskId, { ...state, status: "rendering", pid: child.pid ?? null });
  };

  const alive = (pid: number | null) => {
    if (!pid) return false;
    try {
      return process.kill(pid, 0);
    } catch {
      return false;
    }
  };

  return {
    name: "local",
    async submit(spec) {
      const taskId = `local-${crypto.randomUUID()}`;
      await mkdir(dir(taskId), { recursive: true });
      const seed = spec.seed ?? Math.floor(random() * 4_294_967_295);
      const state: TaskState = { spec, seed, fail: random() < config.faultRate, submittedAt: Date.now(), pid: null, status: "rendering" };
      await writeState(taskId, state);
      if (!state.fail) await render(taskId, state);
      return { taskId };
    },
    async poll(taskId) {
      const state = await readState(taskId);
      if (Date.now() - state.submittedAt < config.minLatencyMs) return { state: "running" };
      if (state.fail || state.status === "failed") return { state: "failed", error: FAILED };
      if (state.status === "cancelled") return { state: "failed", error: { code: "cancelled", message: "The render was cancelled.", retryable: true } };
      if (state.status === "done" && existsSync(output(taskId))) {
        return { state: "succeeded", videoUrl: pathToFileURL(output(taskId)).href, seed: state.seed, framesPerSecond: FPS };
      }
      // A render whose process is gone (the server that ran it died) starts again for this task.
      if (!alive(state.pid)) await render(taskId, state);
      return { state: "running" };
    },
    async download(taskId) {
      const file = output(taskId);
      const info = await stat(file).catch(() => null);
      if (!info) throw new ProviderFailure({ code: "broken_video", message: "The rendered video is missing.", retryable: true });
      return { body: createReadStream(file), contentType: "video/mp4", size: info.size };
    },
    async cancel(taskId) {
      const state = await readState(taskId).catch(() => null);
      if (!state) return;
      if (alive(state.pid) && state.pid) process.kill(state.pid, "SIGKILL");
      await writeState(taskId, { ...state, status: "cancelled", pid: null });
      await rm(path.join(dir(taskId), "render.partial.mp4"), { force: true });
    },
  };
}
