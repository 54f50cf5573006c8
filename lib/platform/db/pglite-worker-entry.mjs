// The embedded database's thread (lib/platform/db/pglite-worker-client.ts starts it). Plain
// JavaScript loaded from disk: the Next.js build does not bundle a worker it cannot see, and a
// worker thread on Node 20 does not run the parent's `--import tsx` hooks.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";

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

// Statements kept prepared, by their text. PGlite's own query() parses and plans every statement
// afresh, and for most of ours planning costs more than running (the job view's read reaches six
// tables, each of whose size the planner asks the file system for), on the one thread every
// query shares.
// Drizzle builds its texts from code, with parameters for values, so the texts are few; the
// bound only stops a caller with ever-new texts from growing the backend's memory.
const MAX_PREPARED = 500;
const prepared = new Map();
const unused = [];
let named = 0;
// Only plain data statements: SET, LISTEN and the like take PGlite's own path.
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
// A schema change can change what a kept statement returns: every kept one is parsed again.
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

const { serialize } = protocol;
// Messages sent as one buffer: PGlite runs them in turn, and after an error the backend skips
// to the closing sync, which ends the exchange either way.
const send = (...messages) => {
  const buffer = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    buffer.set(m, at);
    at += m.length;
  }
  return db.execProtocolStream(buffer, { syncToFs: false });
};

/** The kept statement for a text, parsed under a name of its own on first use. */
async function statementFor(text) {
  const kept = prepared.get(text);
  if (kept) {
    // Most recently used last: the first key is the one dropped.
    prepared.delete(text);
    prepared.set(text, kept);
    return kept;
  }
  const name = `reel402_${++named}`;
  const described = await send(
    serialize.parse({ name, text, types: [] }),
    serialize.describe({ type: "S", name }),
    serialize.sync(),
  );
  const statement = { name, types: parse.parseDescribeStatementResults(described) };
  prepared.set(text, statement);
  if (prepared.size > MAX_PREPARED) {
    const [oldest, dropped] = prepared.entries().next().value;
    prepared.delete(oldest);
    unused.push(dropped.name);
  }
  return statement;
}

/**
 * One statement on a kept plan: the messages PGlite's query() sends (bind with the values
 * serialized by the parameters' types, describe the portal, execute, sync), for a statement parsed
 * once under a name. Runs on whatever holds the connection: the caller takes the locks.
 */
async function runPrepared(m) {
  const statement = await statementFor(m.sql);
  const values = m.params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[statement.types[i]];
    return serializer ? serializer(value) : value.toString();
  });
  const messages = await send(
    serialize.bind({ statement: statement.name, values }),
    serialize.describe({ type: "P" }),
    serialize.execute({}),
    serialize.sync(),
  );
  return parse.parseResults(messages, db.parsers, {
    rowMode: m.rowMode,
    parsers: parsersFor(m.identityOids),
  })[0];
}

/** A statement outside any transaction waits for open ones, as PGlite's query() does. */
const runAlone = (m) =>
  db._runExclusiveTransaction(() =>
    db._runExclusiveQuery(async () => {
      // Dropped statements are closed here, never inside a transaction that may have failed.
      const closing = unused.splice(0);
      if (closing.length)
        await send(
          ...closing.map((name) => serialize.close({ type: "S", name })),
          serialize.sync(),
        );
      const result = await runPrepared(m);
      await db.syncToFs();
      return result;
    }),
  );

const run = (handle, m, inTransaction) => {
  if (!PREPARABLE.test(m.sql)) {
    if (SCHEMA_CHANGE.test(m.sql)) {
      for (const statement of prepared.values()) unused.push(statement.name);
      prepared.clear();
    }
    return handle.query(m.sql, m.params, {
      rowMode: m.rowMode,
      parsers: parsersFor(m.identityOids),
    });
  }
  if (!inTransaction) return runAlone(m);
  if (handle.closed) throw new Error("Transaction is closed");
  return db._runExclusiveQuery(() => runPrepared(m));
};

async function handle(m) {
  switch (m.op) {
    case "query": {
      const handle = m.tx === undefined ? db : transactions.get(m.tx)?.handle;
      if (!handle) throw new Error(`transaction ${m.tx} is not open`);
      const { rows, fields, affectedRows } = await run(handle, m, m.tx !== undefined);
      return { rows, fields, affectedRows };
    }
    case "begin":
      return new Promise((opened, failed) => {
        const open = {};
        transactions.set(m.tx, open);
        open.ended = db
          .transaction(
            (handle) =>
              new Promise((commit, rollback) => {
                Object.assign(open, { handle, commit, rollback });
                opened({});
              }),
          )
          .finally(() => transactions.delete(m.tx));
        // A BEGIN that fails never opened: the caller hears it here.
        open.ended.catch(failed);
      });
    case "end": {
      const open = transactions.get(m.tx);
      if (!open?.commit) throw new Error(`transaction ${m.tx} is not open`);
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
