// The embedded database's thread (lib/platform/db/pglite-worker-client.ts starts it). Plain
// JavaScript loaded from disk: the Next.js build does not bundle a worker it cannot see, and a
// worker thread on Node 20 does not run the parent's `--import tsx` hooks.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { keepStatements } from "./pglite-kept-statements.mjs";

const port = parentPort;
if (!port) throw new Error("pglite-worker-entry runs as a worker thread");

// Values of these types stay as Postgres wrote them (the caller parses them, as Drizzle does).
const identity = (value) => value;
const parsersFor = (oids) => Object.fromEntries(oids.map((oid) => [oid, identity]));

/** An error as plain data: its message and the driver's fields (code, constraint, detail...). */
function plainError(error) {
  const fields = {};
  if (error && typeof error === "object")
    for (const [key, value] of Object.entries(error))
      if (["string", "number", "boolean"].includes(typeof value) && key !== "query")
        fields[key] = value;
  return {
    name: error instanceof Error ? error.name : "Error",
    message: error instanceof Error ? error.message : String(error),
    fields,
  };
}

let db;
try {
  db = await PGlite.create(workerData.dataDir);
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
  throw error;
}

// Open transactions by id: the queries sent for one run on its handle until it ends.
const transactions = new Map();
const unlistens = new Map();

// Data statements run on plans kept by their text (see its module).
const statements = keepStatements(db, parsersFor);

async function handle(m) {
  switch (m.op) {
    case "query": {
      const open = m.tx === undefined ? null : transactions.get(m.tx);
      if (open === undefined) throw new Error(`transaction ${m.tx} is not open`);
      // A transaction's statements may arrive before its BEGIN has run: they wait for it, in order.
      const handle = open ? await open.ready : db;
      const { rows, fields, affectedRows } = await statements.run(handle, m, m.tx !== undefined);
      return { rows, fields, affectedRows };
    }
    case "begin": {
      const open = {};
      transactions.set(m.tx, open);
      open.ready = new Promise((opened, failed) => {
        open.ended = db
          .transaction(
            (handle) =>
              new Promise((commit, rollback) => {
                Object.assign(open, { commit, rollback });
                opened(handle);
              }),
          )
          .finally(() => transactions.delete(m.tx));
        // A BEGIN that fails never opened: the caller hears it here.
        open.ended.catch(failed);
      });
      await open.ready;
      return {};
    }
    case "end": {
      const open = transactions.get(m.tx);
      if (!open) throw new Error(`transaction ${m.tx} is not open`);
      await open.ready;
      if (m.commit) open.commit();
      else open.rollback(new Error("rolled back by its caller"));
      // A failed COMMIT is the caller's to hear; a rollback's own outcome is not news.
      await open.ended.catch((error) => {
        if (m.commit) throw error;
      });
      return {};
    }
    case "listen": {
      const unlisten = await db.listen(m.channel, (payload) =>
        port.postMessage({ notify: m.listener, payload }),
      );
      unlistens.set(m.listener, unlisten);
      return {};
    }
    case "unlisten":
      await unlistens.get(m.listener)?.();
      unlistens.delete(m.listener);
      return {};
    case "close":
      await db.close();
      return {};
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

port.on("message", (m) => {
  handle(m).then(
    (result) => port.postMessage({ id: m.id, result }),
    (error) => port.postMessage({ id: m.id, error: plainError(error) }),
  );
});
port.postMessage({ ready: true });
