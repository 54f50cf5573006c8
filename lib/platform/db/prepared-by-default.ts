import type { Sql } from "postgres";

/**
 * A postgres.js client on which Drizzle's statements run as prepared statements.
 *
 * Drizzle sends each statement through `sql.unsafe(text, params, { prepare: false })` unless it
 * was `.prepare()`d by name, and postgres.js runs an unprepared statement with parameters in two
 * round trips (describe its parameters, then bind and execute) that Postgres plans afresh each
 * time. Here a statement with parameters is prepared on its connection the first time it runs and
 * bound on the next: one round trip, on a kept plan. Drizzle builds its texts from code with
 * values as parameters, so each connection keeps a few hundred at most, and postgres.js closes
 * connections after 30–60 minutes (`max_lifetime`), which bounds them anyway. A statement whose
 * plan a schema change invalidated is prepared again by postgres.js itself. Statements without
 * parameters run as postgres.js runs them (the simple protocol). A client opened with
 * `prepare: false` (`?prepare=false` in its URL, for a pooler in transaction mode that cannot keep
 * prepared statements) prepares nothing: postgres.js's own option has the last word.
 *
 * Transactions and savepoints hand Drizzle a client of their own: those are wrapped the same way.
 */
export function preparedByDefault<T extends Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === "unsafe")
        return (text: string, params: unknown[] = [], options: Record<string, unknown> = {}) =>
          target.unsafe(
            text,
            params as never,
            Array.isArray(params) && params.length > 0 ? { ...options, prepare: true } : options,
          );
      if (property === "begin" || property === "savepoint")
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const work = args[last];
          if (typeof work === "function")
            args[last] = (inner: Sql) => (work as (s: Sql) => unknown)(preparedByDefault(inner));
          return (Reflect.get(target, property, receiver) as (...a: unknown[]) => unknown)(...args);
        };
      return Reflect.get(target, property, receiver);
    },
  });
}
