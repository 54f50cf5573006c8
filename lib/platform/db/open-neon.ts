import "server-only";
import type { Db } from "@/lib/platform/db/client";
import { MIGRATIONS, migrateUnderLock, type OpenedExternal } from "@/lib/platform/db/migrations";

/**
 * Neon through its serverless driver: a pooled WebSocket connection that works from short-lived
 * functions. Node 20 has no global WebSocket, so the `ws` package supplies one.
 */
export async function connectNeon(databaseUrl: string): Promise<OpenedExternal> {
  const { Pool, neonConfig } = await import("@neondatabase/serverless");
  const { default: WebSocket } = await import("ws");
  const { drizzle } = await import("drizzle-orm/neon-serverless");
  const { migrate } = await import("drizzle-orm/neon-serverless/migrator");
  neonConfig.webSocketConstructor = WebSocket;
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzle(pool);
  return {
    db: db as unknown as Db,
    close: () => pool.end(),
    query: async (text) => (await pool.query(text)).rows as Record<string, unknown>[],
    migrate: async () => {
      const lock = await pool.connect();
      await migrateUnderLock(
        { run: (text) => lock.query(text), release: () => lock.release() },
        () => migrate(db, { migrationsFolder: MIGRATIONS }),
      );
    },
  };
}

/** Opened and migrated with one role (the owner's). */
export async function openNeonDb(
  databaseUrl: string,
): Promise<{ db: Db; close: () => Promise<void> }> {
  const opened = await connectNeon(databaseUrl);
  await opened.migrate();
  return opened;
}
