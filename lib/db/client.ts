import "server-only";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { driverForUrl } from "@/lib/db/driver-for-url";
import { MIGRATIONS, migrateUnderLock } from "@/lib/db/migrations";
import { openNeonDb } from "@/lib/db/open-neon";
import * as schema from "@/lib/db/schema";
import { getEnv } from "@/lib/env";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Opened = { db: Db; close: () => Promise<void> };

export async function openDb(databaseUrl: string | undefined, dataDir: string): Promise<Opened> {
  if (!databaseUrl) {
    holdPgliteLock(dataDir);
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create(path.join(dataDir, "pglite"));
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    return { db: db as unknown as Db, close: () => client.close() };
  }
  if (driverForUrl(databaseUrl) === "neon") return openNeonDb(databaseUrl);
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(databaseUrl, { max: 10, onnotice: () => {} });
  const db = drizzle(client, { schema });
  const lock = await client.reserve();
  await migrateUnderLock({ run: (text) => lock.unsafe(text), release: () => lock.release() }, () => migrate(db, { migrationsFolder: MIGRATIONS }));
  return { db: db as unknown as Db, close: () => client.end({ timeout: 5 }) };
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
    if (alive) throw new Error(`the embedded database in ${dataDir} is in use by process ${pid}; stop it first or set DATABASE_URL`);
  }
  writeFileSync(lock, String(process.pid));
}

const holder = globalThis as unknown as { __reel402Db?: Promise<Opened> };

/** One database per process, migrated before first use. */
export function getDb(): Promise<Db> {
  const env = getEnv();
  holder.__reel402Db ??= openDb(env.databaseUrl, env.dataDir).catch((error: unknown) => {
    holder.__reel402Db = undefined;
    throw error;
  });
  return holder.__reel402Db.then((o) => o.db);
}
