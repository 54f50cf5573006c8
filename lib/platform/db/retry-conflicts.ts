import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/platform/db/client";
import { postgresErrorCode } from "@/lib/platform/db/postgres-error-code";

// Postgres ends one transaction of a deadlock (40P01) or of a serialization conflict (40001) and
// rolls all of it back: running it again from its start is the documented answer, never a 500.
const CONFLICTS: Record<string, string> = {
  "40P01": "deadlock_detected",
  "40001": "serialization_failure",
};
const ATTEMPTS = 4;

/**
 * `db.transaction(work)`, run again (up to four times in all) when Postgres rolls it back for a
 * deadlock or a serialization conflict. Inside an open transaction it is a plain savepoint: the
 * conflict has ended the outer transaction too, so only its owner can start over.
 * `work` must only write through `tx`: whatever it did before the conflict was rolled back.
 */
export async function transactionRetryingConflicts<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (db instanceof PgTransaction) return (db as Db).transaction(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = postgresErrorCode(error);
      const name = code ? CONFLICTS[code] : undefined;
      if (!name || attempt >= ATTEMPTS) throw error;
      console.warn(
        `[reel402] transaction rolled back by Postgres (${name}, ${code}); running it again (${attempt + 1} of ${ATTEMPTS})`,
      );
      // A short random pause, so the transactions that met do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
