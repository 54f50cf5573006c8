import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { executeRows } from "@/lib/platform/db/execute-rows";

/** The committed drizzle-kit migrations, applied on start and by `npm run db:migrate`. */
export const MIGRATIONS = path.join(process.cwd(), "drizzle");
// Any fixed number: serialises migrations when several processes start against one Postgres.
export const MIGRATION_LOCK = 402_402;

/** A connection to an external Postgres, opened without touching its schema. */
export type OpenedExternal = {
  db: Db;
  close: () => Promise<void>;
  query: (text: string) => Promise<Record<string, unknown>[]>;
  /** Applies what is pending under the migration lock: needs the owner's privileges. */
  migrate: () => Promise<void>;
};

/** One connection held for the session-level lock while `migrateNow` applies what is pending. */
export async function migrateUnderLock(
  session: { run: (sql: string) => Promise<unknown>; release: () => void },
  migrateNow: () => Promise<void>,
) {
  try {
    await session.run(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrateNow();
  } finally {
    await session.run(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    session.release();
  }
}

type Journal = { entries: { tag: string; when: number }[] };

export function migrationJournal(): Journal["entries"] {
  return (
    JSON.parse(readFileSync(path.join(MIGRATIONS, "meta", "_journal.json"), "utf8")) as Journal
  ).entries;
}

/**
 * Tags of the committed migrations a database has not applied, judged as drizzle's migrator
 * judges (by the newest applied migration's timestamp). Reading needs no more than SELECT on
 * drizzle.__drizzle_migrations, so a runtime role that may not migrate can still tell.
 */
export async function pendingMigrations(query: OpenedExternal["query"]): Promise<string[]> {
  const [table] = await query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
  );
  const applied = table?.exists
    ? await query("select max(created_at) as last from drizzle.__drizzle_migrations")
    : [];
  const last = Number(applied[0]?.last ?? 0);
  return migrationJournal()
    .filter((e) => e.when > last)
    .map((e) => e.tag);
}

/** pendingMigrations over an open database of any driver. */
export function pendingMigrationsIn(db: Db): Promise<string[]> {
  return pendingMigrations((text) => executeRows<Record<string, unknown>>(db, sql.raw(text)));
}
