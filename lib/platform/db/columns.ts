import { sql } from "drizzle-orm";
import { check, index, timestamp, type AnyPgColumn, uniqueIndex } from "drizzle-orm/pg-core";

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The database refuses a state the code does not know: a CHECK built from the code's own list.
 * Literals, not parameters, so drizzle-kit writes them into the migration.
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`);

/** A record kept once per job, with a status: one row per job, looked up by status, states checked. */
export const oncePerJobWithStatus = (
  table: string,
  t: { jobId: AnyPgColumn; status: AnyPgColumn },
  statuses: readonly string[],
) => [
  uniqueIndex(`${table}_job_uq`).on(t.jobId),
  index(`${table}_status_idx`).on(t.status),
  oneOf(`${table}_status_check`, t.status, statuses),
];
