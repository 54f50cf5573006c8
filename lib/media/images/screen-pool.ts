import type { Worker } from "node:worker_threads";
import { RefusalError, startWorkerThread } from "@/lib/platform";
import type { AnalysisScope, ImageAnalysis } from "@/lib/media/images/analyze-pixels";
import type { ScreenReply } from "@/lib/media/images/screen-worker";

export type ScreenPoolOptions = {
  /** Worker threads, each with its own copy of the models (~100 MB). */
  workers: number;
  /** Images waiting for a free worker; one more is refused with 503 unavailable. */
  queue: number;
  /** A worker silent this long on one image is ended and replaced. */
  taskTimeoutMs?: number;
  /** A new worker that has not loaded its models by then is ended and replaced. */
  loadTimeoutMs?: number;
  /** The worker's entry file; defaults to the one beside this module, found from the app's root. */
  entry?: string;
};

type Task = {
  id: number;
  bytes: Uint8Array;
  scope: AnalysisScope;
  resolve: (analysis: ImageAnalysis) => void;
  reject: (error: unknown) => void;
};
type Slot = { worker: Worker; ready: boolean; task: Task | null; timer: NodeJS.Timeout | null };

// The worker's entry, loaded from disk by path (lib/platform's startWorkerThread).
const DEFAULT_ENTRY = "lib/media/images/screen-worker-entry.mjs";
const busy = () =>
  new RefusalError(
    "unavailable",
    "Image screening is busy right now; send the image again in a few seconds.",
    { retryAfter: 5 },
  );

/**
 * A bounded pool of screening worker threads: image decoding and model inference never run on
 * the request thread, at most `workers` images are analysed at once, at most `queue` wait, and
 * beyond that the caller gets a RefusalError "unavailable" (503 + Retry-After) at once instead of
 * a stall. A worker that crashes or hangs is replaced; its image fails with the same problem.
 */
export class ScreenPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ScreenPoolOptions) {}

  /** Images being analysed plus those waiting. */
  get load(): number {
    return this.slots.filter((s) => s.task).length + this.waiting.length;
  }

  analyze(bytes: Buffer, scope: AnalysisScope = { faces: true }): Promise<ImageAnalysis> {
    if (this.closed) return Promise.reject(busy());
    // pump() runs after every change, so whatever waits has found no free worker.
    if (this.waiting.length >= this.options.queue) return Promise.reject(busy());
    return new Promise<ImageAnalysis>((resolve, reject) => {
      // A copy: the caller's Buffer may be a view into a larger pooled one.
      this.waiting.push({
        id: this.nextId++,
        bytes: new Uint8Array(bytes),
        scope,
        resolve,
        reject,
      });
      this.pump();
    });
  }

  /** Ends every worker; waiting and running images fail with "unavailable". */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.waiting.splice(0)) task.reject(busy());
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot)));
  }

  private freeSlot(): Slot | undefined {
    const idle = this.slots.find((s) => !s.task);
    if (idle) return idle;
    if (this.slots.length < this.options.workers) return this.spawn();
    return undefined;
  }

  private pump(): void {
    while (this.waiting.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      const task = this.waiting.shift() as Task;
      slot.task = task;
      // A busy worker keeps the process alive until it answers; an idle one does not.
      slot.worker.ref();
      this.arm(slot);
      // Transferred, not copied again: the copy made in analyze() belongs to this task alone.
      slot.worker.postMessage({ id: task.id, bytes: task.bytes, scope: task.scope }, [
        task.bytes.buffer as ArrayBuffer,
      ]);
    }
  }

  /** The deadline of the worker's current step: loading its models, then each image. */
  private arm(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    const loading = !slot.ready;
    slot.timer = setTimeout(
      () => {
        console.error(
          `[images] a screening worker did not ${loading ? "load its models" : "answer"} in time; replacing it`,
        );
        void this.fail(slot);
      },
      loading ? (this.options.loadTimeoutMs ?? 300_000) : (this.options.taskTimeoutMs ?? 300_000),
    );
    slot.timer.unref();
  }

  private spawn(): Slot {
    const worker: Worker = startWorkerThread(
      DEFAULT_ENTRY,
      {
        // The models take ~100 MB of wasm heap; an image a few more. Past this the worker dies, not the server.
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      },
      this.options.entry,
    );
    worker.unref();
    const slot: Slot = { worker, ready: false, task: null, timer: null };
    worker.on("message", (reply: ScreenReply) => this.onReply(slot, reply));
    worker.on("error", (error) => {
      console.error(`[images] screening worker failed: ${error.name}`);
      void this.fail(slot);
    });
    worker.on("exit", () => void this.fail(slot));
    this.slots.push(slot);
    return slot;
  }

  private onReply(slot: Slot, reply: ScreenReply): void {
    if ("ready" in reply) {
      // Without its models the worker is useless; the next image starts a fresh one.
      if (!reply.ready) void this.fail(slot);
      else {
        slot.ready = true;
        if (slot.task) this.arm(slot);
      }
      return;
    }
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.task = null;
    slot.timer = null;
    slot.worker.unref();
    if (reply.ok) task.resolve(reply.analysis);
    else task.reject(busy());
    this.pump();
  }

  /** Takes a worker out of service; its image, if any, fails, and the queue moves on with a new worker. */
  private async fail(slot: Slot): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    await this.retire(slot);
    if (!this.closed) this.pump();
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.timer) clearTimeout(slot.timer);
    slot.task?.reject(busy());
    slot.task = null;
    slot.worker.removeAllListeners("exit");
    await slot.worker.terminate().catch(() => undefined);
  }
}
