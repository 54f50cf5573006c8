import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createReadStream, readlinkSync, realpathSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { frameSize } from "@/lib/jobs/providers/frame-size";
import { frameFile, imageRenderArgs } from "@/lib/jobs/providers/image-render-args";
import {
  FPS,
  fontSizeFor,
  PROMPT_FILE,
  renderArgs,
  wrapPrompt,
} from "@/lib/jobs/providers/local-render-args";
import { stockClip } from "@/lib/jobs/providers/stock-clip";
import {
  type AttemptContext,
  type ImageLoader,
  type PollResult,
  ProviderFailure,
  type ProviderError,
  type VideoProvider,
} from "@/lib/jobs/providers/types";
import type { GenerationSpec } from "@/lib/catalog";

export type LocalRendererConfig = {
  workDir: string;
  minLatencyMs: number;
  faultRate: number;
  /**
   * Devnet benchmarks: no render per job. A task waits out minLatencyMs, then gets the stock clip
   * of its shape (stock-clip.ts), so a benchmark measures the service, not ffmpeg.
   */
  waitOnly?: boolean;
  ffmpegPath?: string;
  random?: () => number;
  /** Reads stored frame images for image-to-video specs. */
  loadImage?: ImageLoader;
};

type TaskState = {
  seed: number;
  /** Rolled once at submit, so a restart cannot turn an injected failure into a success. */
  injectedFault: boolean;
  submittedAt: number;
  status: "rendering" | "done" | "failed" | "cancelled";
  /** The render run in charge: a superseded run's exit must not touch the state. */
  runId: string | null;
  pid: number | null;
  /** For operators (ffmpeg's last stderr line); payers only ever see RENDER_FAILED. */
  error?: string;
};

export const RENDER_FAILED: ProviderError = {
  code: "upstream_failed",
  message: "The renderer failed to produce a video.",
  retryable: true,
};
const CANCELLED: ProviderError = {
  code: "upstream_cancelled",
  message: "The render was cancelled.",
  retryable: true,
};
const LOST: ProviderError = {
  code: "upstream_task_lost",
  message: "The renderer has no record of this task.",
  retryable: true,
};
const OUTPUT = "output.mp4";

// Shared by every instance in this process: the child is what proves a render is alive here.
const live = new Map<string, ChildProcess>();
const locks = new Map<string, Promise<unknown>>();

/** Serialises state changes of one task within this process (submit, exit, restart, cancel). */
function locked<T>(taskId: string, fn: () => Promise<T>): Promise<T> {
  const run = (locks.get(taskId) ?? Promise.resolve()).catch(() => undefined).then(fn);
  locks.set(taskId, run);
  void run.finally(() => locks.get(taskId) === run && locks.delete(taskId)).catch(() => undefined);
  return run;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * The default upstream: renders a real H.264 MP4 with ffmpeg. Task state lives on disk, so a
 * fresh process can poll a task another one submitted, and a render orphaned by a crash is
 * restarted for the same task and seed rather than submitted again.
 */
export function createLocalProvider(config: LocalRendererConfig): VideoProvider {
  const ffmpeg = config.ffmpegPath ?? ffmpegInstaller.path;
  const random = config.random ?? Math.random;
  const workDir = path.resolve(config.workDir);
  // Entry points check ids before any path is built from one.
  const valid = (taskId: string) =>
    /^local-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(taskId);
  const dirOf = (taskId: string) => path.join(workDir, taskId);
  const stateFile = (taskId: string) => path.join(dirOf(taskId), "state.json");

  const readState = async (taskId: string): Promise<TaskState | null> =>
    valid(taskId)
      ? readFile(stateFile(taskId), "utf8").then(
          (s) => JSON.parse(s) as TaskState,
          () => null,
        )
      : null;
  const writeState = async (taskId: string, state: TaskState) => {
    // Written aside and renamed, so a crash mid-write never leaves a torn state file.
    const temp = `${stateFile(taskId)}.${randomUUID()}.tmp`;
    await writeFile(temp, JSON.stringify(state));
    await rename(temp, stateFile(taskId));
  };

  /** Is a render of this task running in some other process (one that may since have died)? */
  const renderingElsewhere = (taskId: string, pid: number | null) => {
    if (!pid) return false;
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // A reused pid belongs to someone else: only an ffmpeg working in this task's directory counts.
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(dirOf(taskId));
    } catch {
      return process.platform !== "linux";
    }
  };

  /** Starts a render run; callers hold the task's lock. */
  const startRender = async (taskId: string, state: TaskState) => {
    const dir = dirOf(taskId);
    const spec = JSON.parse(await readFile(path.join(dir, "spec.json"), "utf8")) as GenerationSpec;
    const runId = randomUUID();
    const partial = `render-${runId}.mp4`;
    let args: string[];
    if (spec.images) {
      // The frame files were written at submit; the picture is the clip, no caption is drawn.
      const { first, last } = spec.images;
      args = imageRenderArgs(spec, state.seed, partial, {
        first: frameFile("first", first.mime),
        last: last ? frameFile("last", last.mime) : null,
      });
    } else {
      const { width, height } = frameSize(spec.resolution, spec.ratio);
      await writeFile(
        path.join(dir, PROMPT_FILE),
        wrapPrompt(spec.prompt, width, fontSizeFor(width, height)),
      );
      args = renderArgs(spec, state.seed, partial);
    }
    const child = spawn(ffmpeg, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    live.set(taskId, child);
    let stderr = "";
    child.stderr?.on("data", (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    let finished = false;
    const finish = (ok: boolean) => {
      if (finished) return;
      finished = true;
      void locked(taskId, async () => {
        if (live.get(taskId) === child) live.delete(taskId);
        const current = await readState(taskId);
        const inCharge =
          current !== null && current.runId === runId && current.status === "rendering";
        if (ok && inCharge) {
          await rename(path.join(dir, partial), path.join(dir, OUTPUT));
          return writeState(taskId, { ...current, status: "done", pid: null });
        }
        await rm(path.join(dir, partial), { force: true });
        const error = stderr.trim().split("\n").at(-1)?.slice(0, 500) || "ffmpeg failed";
        if (inCharge) await writeState(taskId, { ...current, status: "failed", pid: null, error });
      }).catch(() => undefined);
    };
    child.on("error", () => finish(false));
    child.on("close", (code) => finish(code === 0));
    await writeState(taskId, { ...state, status: "rendering", runId, pid: child.pid ?? null });
  };

  /** Wait-only mode: the task's output is a copy of the stock clip, put in place as a render's is. */
  const deliverStockClip = (taskId: string) =>
    locked(taskId, async () => {
      const current = await readState(taskId);
      const output = path.join(dirOf(taskId), OUTPUT);
      if (current?.status !== "rendering" || (await exists(output))) return;
      try {
        const spec = JSON.parse(
          await readFile(path.join(dirOf(taskId), "spec.json"), "utf8"),
        ) as GenerationSpec;
        const partial = path.join(dirOf(taskId), `render-${randomUUID()}.mp4`);
        await copyFile(await stockClip(ffmpeg, workDir, spec), partial);
        await rename(partial, output);
        await writeState(taskId, { ...current, status: "done" });
      } catch (error) {
        const message = error instanceof Error ? error.message : "stock clip failed";
        await writeState(taskId, { ...current, status: "failed", error: message.slice(0, 500) });
      }
    });

  /** Copies the frame images into the task, so a restarted render needs nothing but its directory. */
  const writeFrames = async (dir: string, spec: GenerationSpec) => {
    const images = spec.images;
    if (!images) return;
    if (!config.loadImage)
      throw new ProviderFailure({
        code: "upstream_failed",
        message: "The renderer cannot read frame images.",
        retryable: true,
      });
    for (const [which, image] of [
      ["first", images.first],
      ["last", images.last],
    ] as const) {
      if (!image) continue;
      const { bytes } = await config.loadImage(image.id).catch(() => {
        throw new ProviderFailure({
          code: "image_unavailable",
          message: "A frame image of this job could not be read.",
          retryable: true,
        });
      });
      await writeFile(path.join(dir, frameFile(which, image.mime)), bytes);
    }
  };

  return {
    name: "local",
    // The still-image render keeps its camera still on request; the text card has no camera.
    honoursCameraFixed: true,
    // Its renders are children of this service, stopped by cancel whenever asked.
    executionLimitSeconds: (seconds: number) => seconds,

    async submit(spec: GenerationSpec, attempt: AttemptContext) {
      // Named after the attempt, so a submit whose answer was lost is found by its name.
      const taskId = `local-${attempt.attemptId}`;
      if (!valid(taskId)) throw new Error("attempt ids are UUIDs");
      const dir = dirOf(taskId);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, "spec.json"), JSON.stringify(spec));
      if (spec.images) await writeFrames(dir, spec);
      const injectedFault = random() < config.faultRate;
      const seed =
        spec.seed === null || spec.seed === -1 ? Math.floor(random() * 4_294_967_296) : spec.seed;
      const state: TaskState = {
        seed,
        injectedFault,
        submittedAt: Date.now(),
        status: "rendering",
        runId: null,
        pid: null,
      };
      await locked(taskId, async () => {
        await writeState(taskId, state);
        if (!injectedFault && !config.waitOnly) await startRender(taskId, state);
      });
      return { taskId };
    },

    async findSubmitted(attempt) {
      const taskId = `local-${attempt.attemptId}`;
      return (await readState(taskId)) ? { taskId } : null;
    },

    async poll(taskId): Promise<PollResult> {
      const first = await readState(taskId);
      // Wait-only: once the wait is over the stock clip is put in place, then read as an output.
      const waited =
        config.waitOnly &&
        first?.status === "rendering" &&
        !first.injectedFault &&
        Date.now() - first.submittedAt >= config.minLatencyMs;
      if (waited) await deliverStockClip(taskId);
      const state = waited ? await readState(taskId) : first;
      if (!state) return { state: "failed", error: LOST };
      if (state.status === "cancelled") return { state: "failed", error: CANCELLED };
      const settle = (result: PollResult): PollResult =>
        Date.now() - state.submittedAt < config.minLatencyMs ? { state: "running" } : result;
      if (state.injectedFault || state.status === "failed")
        return settle({ state: "failed", error: RENDER_FAILED });
      const output = path.join(dirOf(taskId), OUTPUT);
      // The output file, renamed into place only once complete, is the proof of success.
      if (await exists(output))
        return settle({
          state: "succeeded",
          videoUrl: pathToFileURL(output).href,
          seed: state.seed,
          framesPerSecond: FPS,
        });
      // Nothing renders in wait-only mode, so there is no render to restart.
      if (config.waitOnly) return { state: "running" };
      await locked(taskId, async () => {
        const current = await readState(taskId);
        if (
          !current ||
          current.status === "cancelled" ||
          current.status === "failed" ||
          (await exists(output))
        )
          return;
        if (live.has(taskId) || renderingElsewhere(taskId, current.pid)) return;
        // Nobody is rendering and nothing was produced: the process that ran it died.
        await startRender(taskId, current);
      });
      return { state: "running" };
    },

    async download(taskId) {
      const file = path.join(dirOf(taskId), OUTPUT);
      const info = valid(taskId) ? await stat(file).catch(() => null) : null;
      if (!info)
        throw new ProviderFailure({
          code: "broken_video",
          message: "The rendered video is missing.",
          retryable: true,
        });
      return { body: createReadStream(file), contentType: "video/mp4", size: info.size };
    },

    async cancel(taskId) {
      await locked(taskId, async () => {
        const state = await readState(taskId);
        if (state?.status !== "rendering") return;
        // Marked first, so the dying render's exit sees it was cancelled rather than failed.
        await writeState(taskId, { ...state, status: "cancelled", pid: null });
        const child = live.get(taskId);
        if (child) child.kill("SIGKILL");
        else if (state.pid && renderingElsewhere(taskId, state.pid))
          process.kill(state.pid, "SIGKILL");
        const dir = dirOf(taskId);
        const partials = (await readdir(dir)).filter((f) => /^render-.*\.mp4$/.test(f));
        await Promise.all(partials.map((f) => rm(path.join(dir, f), { force: true })));
      }).catch(() => undefined);
      // A local render is a child of ours: once killed it renders no more.
      return "stopped";
    },
  };
}
