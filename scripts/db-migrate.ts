import { services } from "@/lib/server/services";

// Pending migrations are applied as MIGRATION_DATABASE_URL's role (the owner), else DATABASE_URL's.
await services().db();
const env = services().config;
const as = env.migrationDatabaseUrl !== env.databaseUrl ? " as MIGRATION_DATABASE_URL's role" : "";
console.log(
  `migrations applied to ${env.databaseUrl ? `DATABASE_URL${as}` : `PGlite in ${env.dataDir}`}`,
);
process.exit(0);
