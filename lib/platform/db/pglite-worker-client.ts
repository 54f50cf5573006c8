import type { Worker } from "node:worker_threads";
import {
  rebuiltError,
  startWorkerThread,
  type ThreadError,
} from "@/lib/platform/threads/worker-thread";

/** A query's answer, as PGlite gives it. */
type Results = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};
type QueryOptions = {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string) => unknown>;
};
type Queryable = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
};

/**
 * The part of PGlite's client that Drizzle (drizzle-orm/pglite) and the service use: queries,
 * interactive transactions, LISTEN and close.
 */
export type PgliteWorkerClient = Queryable & {
  transaction: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

type Reply = { id: number; result?: unknown; error?: ThreadError };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

const ENTRY = "lib/platform/db/pglite-worker-entry.mjs";

/**
 * The embedded database on a thread of its own. PGlite runs Postgres in WebAssembly on the thread
 * that calls it: on the request thread every statement of every request would stop all the others
 * for its whole run. Here the request thread only sends the statement and reads the rows back.
 * Statements and transactions behave as on PGlite itself (one connection: a transaction holds the
 * database until it ends).
 */
export async function openPgliteWorker(dataDir: string): Promise<PgliteWorkerClient> {
  const worker: Worker = startWorkerThread(ENTRY, { workerData: { dataDir } });
  const pending = new Map<number, Pending>();
  const listeners = new Map<number, (payload: string) => void>();
  let next = 0;
  let stopped: Error | null = null;

  // The thread keeps the process alive only while it owes an answer: an idle database does not.
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };
  const failAll = (error: Error) => {
    stopped = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once("message", (m: { ready: boolean; error?: ThreadError }) =>
      m.ready
        ? resolve()
        : reject(rebuiltError(m.error ?? { name: "Error", message: "", fields: {} })),
    );
    worker.once("error", reject);
  });
  worker.on("message", (m: Reply | { notify: number; payload: string }) => {
    if ("notify" in m) return listeners.get(m.notify)?.(m.payload);
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    settle();
    if (m.error) p.reject(rebuiltError(m.error));
    else p.resolve(m.result);
  });
  worker.on("error", (error) =>
    failAll(new Error(`the embedded database stopped: ${error.message}`)),
  );
  worker.on("exit", (code) => failAll(new Error(`the embedded database stopped (exit ${code})`)));
  worker.unref();

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = next++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };
  const query =
    (tx: number | undefined) =>
    (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      call<Results>({
        op: "query",
        tx,
        sql,
        params,
        rowMode: options.rowMode ?? "object",
        identityOids: identityParsers(options.parsers),
      });

  return {
    query: query(undefined),
    async transaction(work) {
      const tx = next++;
      // Not waited for: the thread runs the transaction's statements after its BEGIN, in the
      // order they are sent, so the first one goes out at once instead of a round trip later.
      const begun = call({ op: "begin", tx });
      begun.catch(() => undefined);
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work({ query: query(tx) });
      } catch (error) {
        await call({ op: "end", tx, commit: false }).catch(() => undefined);
        // A BEGIN that failed is what went wrong, not the statements it left without a transaction.
        await begun;
        throw error;
      }
      await begun;
      await call({ op: "end", tx, commit: true });
      return result;
    },
    async listen(channel, callback) {
      const listener = next++;
      listeners.set(listener, callback);
      await call({ op: "listen", channel, listener });
      return async () => {
        listeners.delete(listener);
        await call({ op: "unlisten", listener });
      };
    },
    async close() {
      if (!stopped) await call({ op: "close" }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * The types whose text the caller keeps as it is. Functions cannot cross to the thread, so only
 * such parsers are taken (Drizzle's: it parses dates and intervals itself); any other is refused.
 */
function identityParsers(parsers: QueryOptions["parsers"]): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse("0") !== "0")
      throw new Error(`a parser for type ${oid} cannot run on the database thread`);
    return Number(oid);
  });
}
