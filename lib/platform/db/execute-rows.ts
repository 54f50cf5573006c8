import type { SQL } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";

/** A raw statement's rows: drivers answer execute() as an array (postgres.js) or as { rows } (PGlite, Neon). */
export async function executeRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}
