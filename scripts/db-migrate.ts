import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";

await getDb();
console.log(`migrations applied to ${getEnv().databaseUrl ? "DATABASE_URL" : `PGlite in ${getEnv().dataDir}`}`);
process.exit(0);
