import "server-only";
import type { Db } from "@/lib/db/client";
import { MIGRATIONS, migrateUnderLock } from "@/lib/db/migrations";
import * as schema from "@/lib/db/schema";

/**
 * Neon through its serverless driver: a pooled WebSocket connection that works from short-lived
 * functions. Node 20 has no global WebSocket, so the `ws` package supplies one.
 */
export async function openNeonDb(databaseUrl: string): Promise<{ db: Db; close: () => Promise<void> }> {
  const { Pool, neonConfig } = await import("@neondatabase/serverless");
  const { default: WebSocket } = await import("ws");
  const { drizzle } = await import("drizzle-orm/neon-serverless");
  const { migrate } = await import("drizzle-orm/neon-serverless/migrator");
  neonConfig.webSocketConstructor = WebSocket;
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzle(pool, { schema });
  const lock = await pool.connect();
  await migrateUnderLock({ run: (text) => lock.query(text), release: () => lock.release() }, () => migrate(db, { migrationsFolder: MIGRATIONS }));
  return { db: db as unknown as Db, close: () => pool.end() };
}
