import { randomBytes } from "node:crypto";
import postgres from "postgres";

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A throw-away database on the machine's real Postgres server. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `reel402_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  return {
    url,
    drop: async () => {
      const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A throw-away database, migrated and opened as the service opens it; `close` also drops it. */
export async function openTestDatabase() {
  const { openDb } = await import("@/lib/platform/db/client");
  const created = await createTestDatabase();
  const opened = await openDb(created.url, "");
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await created.drop();
    },
  };
}
