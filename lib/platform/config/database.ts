import { z } from "zod";
import type { AreaContext, Vars } from "@/lib/platform/config/fields";

/** Where state lives: the database (embedded PGlite in the data folder when unset) and Redis. */
export const databaseVariables = {
  DATABASE_URL: z.string().min(1).optional(),
  MIGRATION_DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  REDIS_URL: z.string().url().optional(),
};

export function databaseConfig(e: Vars<typeof databaseVariables>, { problems }: AreaContext) {
  if (e.MIGRATION_DATABASE_URL && !e.DATABASE_URL)
    problems.push("MIGRATION_DATABASE_URL needs DATABASE_URL (the runtime role's connection)");
  return {
    databaseUrl: e.DATABASE_URL,
    /** The owner's connection, for migrations only; the service itself runs as DATABASE_URL's role. */
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
  };
}
