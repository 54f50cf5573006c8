import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";

// Pending migrations are applied as MIGRATION_DATABASE_URL's role (the owner), else DATABASE_URL's.
await getDb();
const env = getEnv();
const as = env.migrationDatabaseUrl !== env.databaseUrl ? " as MIGRATION_DATABASE_URL's role" : "";
console.log(
  `migrations applied to ${env.databaseUrl ? `DATABASE_URL${as}` : `PGlite in ${env.dataDir}`}`,
);
process.exit(0);
