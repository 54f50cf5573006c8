import path from "node:path";
import type { Worker, WorkerOptions } from "node:worker_threads";

// Worker is taken from the builtin at run time, where Turbopack does not try to follow its
// argument (it would trace the whole project looking for a module).
const { Worker: WorkerThread } = process.getBuiltinModule(
  "node:worker_threads",
) as typeof import("node:worker_threads");

/**
 * A worker thread on a plain-JavaScript entry loaded from disk by its path under the app's root
 * (`lib/…/x-entry.mjs`): the Next.js build bundles the caller but not the worker, and
 * next.config.ts traces the entry for deployments. `override` is a path used as it is (tests).
 */
export function startWorkerThread(
  entry: string,
  options?: WorkerOptions,
  override?: string,
): Worker {
  return new WorkerThread(
    override ?? path.join(/*turbopackIgnore: true*/ process.cwd(), entry),
    options,
  );
}

/** An error crossing threads: a structured clone keeps neither its class nor its own fields. */
export type ThreadError = { name: string; message: string; fields: Record<string, unknown> };

/** `error` as it crosses: its name, message and own plain fields (an x402 error's answer fields). */
export function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  return { name: error.name, message: error.message, fields };
}

/** The error on the receiving side, with the same name, message and fields. */
export function rebuiltError({ name, message, fields }: ThreadError): Error {
  return Object.assign(new Error(message), { name }, fields);
}
