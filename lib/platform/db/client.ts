import "server-only";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { driverForUrl } from "@/lib/platform/db/driver-for-url";
import {
  MIGRATIONS,
  migrateUnderLock,
  type OpenedExternal,
  pendingMigrations,
} from "@/lib/platform/db/migrations";
import { connectNeon } from "@/lib/platform/db/open-neon";
import { openPgliteWorker } from "@/lib/platform/db/pglite-worker-client";
import { preparedByDefault } from "@/lib/platform/db/prepared-by-default";

export type Db = PgDatabase<PgQueryResultHKT>;

export type OpenedDb = { db: Db; close: () => Promise<void> };

/**
 * Opens the database the service runs on. An external Postgres is opened as `databaseUrl`'s role
 * (the runtime role, which need not be able to change the schema); pending migrations, if any,
 * are applied as `migrationUrl`'s role (the owner), which defaults to the same URL. The service
 * opens one per process, in its composition root (lib/server/services.ts).
 */
export async function openDb(
  databaseUrl: string | undefined,
  dataDir: string,
  migrationUrl = databaseUrl,
): Promise<OpenedDb> {
  if (!databaseUrl) {
    holdPgliteLock(dataDir);
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await openPgliteWorker(path.join(dataDir, "pglite"));
    // Drizzle takes PGlite's client; the worker's answers the same calls (see its module).
    const db = drizzle({ client: client as unknown as import("@electric-sql/pglite").PGlite });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, close: () => client.close() };
  }
  const runtime = await connectExternal(databaseUrl);
  try {
    // A runtime role that cannot read the migrations table is treated as "maybe pending".
    const pending = await pendingMigrations(runtime.query).catch(() => ["(unknown)"]);
    if (pending.length === 0) return runtime;
    if (!migrationUrl || migrationUrl === databaseUrl) await migrateAs(runtime, "DATABASE_URL");
    else {
      const owner = await connectExternal(migrationUrl);
      await migrateAs(owner, "MIGRATION_DATABASE_URL").finally(() => owner.close());
    }
    return runtime;
  } catch (error) {
    await runtime.close();
    throw error;
  }
}

async function migrateAs(opened: OpenedExternal, which: string): Promise<void> {
  try {
    await opened.migrate();
  } catch (error) {
    const why = (error as Error).message;
    throw new Error(
      `migrations could not be applied as ${which}'s role (${why}); run npm run db:migrate with MIGRATION_DATABASE_URL set to the schema owner's URL`,
      { cause: error },
    );
  }
}

function connectExternal(databaseUrl: string): Promise<OpenedExternal> {
  return driverForUrl(databaseUrl) === "neon"
    ? connectNeon(databaseUrl)
    : connectPostgres(databaseUrl);
}

async function connectPostgres(databaseUrl: string): Promise<OpenedExternal> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  const db = drizzle(preparedByDefault(client));
  return {
    db: db as unknown as Db,
    close: () => client.end({ timeout: 5 }),
    query: async (text) => [...(await client.unsafe(text))] as Record<string, unknown>[],
    migrate: async () => {
      const lock = await client.reserve();
      await migrateUnderLock(
        { run: (text) => lock.unsafe(text), release: () => lock.release() },
        () => migrate(db, { migrationsFolder: MIGRATIONS }),
      );
    },
  };
}

/** PGlite is single-process: a second process on the same folder would corrupt it. */
function holdPgliteLock(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const lock = path.join(dataDir, "pglite.pid");
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, "utf8"));
    let alive = false;
    try {
      alive = pid !== process.pid && process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (alive)
      throw new Error(
        `the embedded database in ${dataDir} is in use by process ${pid}; stop it first or set DATABASE_URL`,
      );
  }
  writeFileSync(lock, String(process.pid));
}
