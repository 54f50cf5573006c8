import { parentPort } from "node:worker_threads";
import {
  type AnalysisScope,
  analyzePixels,
  type ImageAnalysis,
} from "@/lib/media/images/analyze-pixels";
import { getModels } from "@/lib/media/images/models";

/**
 * A screening worker thread (started by screen-pool.ts through screen-worker-entry.mjs): loads the
 * models once, then analyses one image per message, in order. Replies carry only numbers and a
 * fixed error word, never the image or an error's text.
 */
export type ScreenTask = { id: number; bytes: Uint8Array; scope: AnalysisScope };
export type ScreenReply =
  | { id: number; ok: true; analysis: ImageAnalysis }
  | { id: number; ok: false; error: "analysis_failed" }
  | { ready: boolean };

const port = parentPort;
if (!port) throw new Error("screen-worker.ts runs only as a worker thread");

// Images that arrive while the models load wait behind the load, in order.
let chain: Promise<unknown> = getModels().then(
  () => port.postMessage({ ready: true } satisfies ScreenReply),
  (error: unknown) => {
    console.error(
      `[images] screening worker could not load its models: ${String(error).slice(0, 200)}`,
    );
    port.postMessage({ ready: false } satisfies ScreenReply);
  },
);
port.on("message", (task: ScreenTask) => {
  chain = chain.then(async () => {
    try {
      const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.length);
      port.postMessage({
        id: task.id,
        ok: true,
        analysis: await analyzePixels(bytes, task.scope),
      } satisfies ScreenReply);
    } catch (error) {
      // The error's name only: its message could quote what the image's bytes made of it.
      console.error(`[images] analysis failed: ${error instanceof Error ? error.name : "unknown"}`);
      port.postMessage({ id: task.id, ok: false, error: "analysis_failed" } satisfies ScreenReply);
    }
  });
});
