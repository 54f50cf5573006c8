// Plain JavaScript beside the embedded database's thread (pglite-worker-entry.mjs), which loads it
// from disk; bench/pglite-plans.ts measures it against PGlite's own query().
import { parse, protocol } from "@electric-sql/pglite";

// Only plain data statements: SET, LISTEN and the like take PGlite's own path.
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
// A schema change can change what a kept statement returns: every kept one is parsed again.
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;
const { serialize } = protocol;

/**
 * Data statements run on plans kept by their text. PGlite's own query() parses and plans every
 * statement afresh, and for most of ours planning costs more than running (the planner asks the
 * file system for the size of every table a statement reaches), on the one thread all of them
 * share. Drizzle builds its texts from code, with parameters for values, so the texts are few:
 * `max` only stops a caller with ever-new texts from growing the backend's memory, the least
 * recently used being dropped.
 *
 * `run(handle, m, inTransaction)` answers as `handle.query(m.sql, m.params, { rowMode, parsers })`
 * would, `parsersFor(m.identityOids)` giving the parsers.
 */
export function keepStatements(db, parsersFor, max = 500) {
  const prepared = new Map();
  const unused = [];
  let named = 0;
  // PGlite's result parsing, given parsers of the statement's own, copies the database's ~300
  // type parsers into a new object first: ~120 µs a statement, more than most statements take to
  // run. The merged set is made once for each set of types the caller keeps as text.
  const mergedParsers = new Map();
  const parsersOf = (oids) => {
    const key = oids.join(",");
    let merged = mergedParsers.get(key);
    if (!merged) {
      merged = { ...db.parsers, ...parsersFor(oids) };
      mergedParsers.set(key, merged);
    }
    return merged;
  };

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
    if (prepared.size > max) {
      const [oldest, dropped] = prepared.entries().next().value;
      prepared.delete(oldest);
      unused.push(dropped.name);
    }
    return statement;
  }

  /**
   * One statement on its kept plan, answered in `rowMode` with the merged `parsers`: the messages
   * PGlite's query() sends (bind with the values serialized by the parameters' types, describe
   * the portal, execute, sync). Runs on whatever holds the connection: the caller takes the locks.
   */
  async function runKept(m, { rowMode, parsers }) {
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
    return parse.parseResults(messages, parsers, { rowMode })[0];
  }

  /** A statement outside any transaction waits for open ones, as PGlite's query() does. */
  const runAlone = (m, options) =>
    db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        // Dropped statements are closed here, never inside a transaction that may have failed.
        const closing = unused.splice(0);
        if (closing.length)
          await send(
            ...closing.map((name) => serialize.close({ type: "S", name })),
            serialize.sync(),
          );
        const result = await runKept(m, options);
        await db.syncToFs();
        return result;
      }),
    );

  return {
    run(handle, m, inTransaction) {
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
      const options = { rowMode: m.rowMode, parsers: parsersOf(m.identityOids) };
      if (!inTransaction) return runAlone(m, options);
      if (handle.closed) throw new Error("Transaction is closed");
      return db._runExclusiveQuery(() => runKept(m, options));
    },
  };
}
