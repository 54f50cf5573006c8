import path from "node:path";

/** The committed drizzle-kit migrations, applied on start and by `npm run db:migrate`. */
export const MIGRATIONS = path.join(process.cwd(), "drizzle");
// Any fixed number: serialises migrations when several processes start against one Postgres.
export const MIGRATION_LOCK = 402_402;
