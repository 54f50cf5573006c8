import path from "node:path";

/** The committed drizzle-kit migrations, applied on start and by `npm run db:migrate`. */
export const MIGRATIONS = path.join(process.cwd(), "drizzle");
// Any fixed number: serialises migrations when several processes start against one Postgres.
export const MIGRATION_LOCK = 402_402;

/** One connection held for the session-level lock while `migrateNow` applies what is pending. */
export async function migrateUnderLock(session: { run: (sql: string) => Promise<unknown>; release: () => void }, migrateNow: () => Promise<void>) {
  try {
    await session.run(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrateNow();
  } finally {
    await session.run(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    session.release();
  }
}
