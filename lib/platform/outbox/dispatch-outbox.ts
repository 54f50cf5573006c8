import { and, asc, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { outbox } from "@/lib/platform/db/schema";
import { describeError } from "@/lib/platform/errors/describe-error";
import type { OutboxPayload } from "@/lib/platform/outbox/write-outbox";

/** Runs one row's effect in the dispatcher's transaction (so it commits with the row's mark). */
export type OutboxHandler = (tx: Db, payload: OutboxPayload) => Promise<void>;
/** Given by the process's composition root: this module never knows who handles what. */
export type OutboxHandlers = Readonly<Record<string, OutboxHandler>>;

const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 60_000;

/** After `attempts` failures, how long the row waits before the next try. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempts, 20));
}

/**
 * One pass: claims up to `limit` due rows (FOR UPDATE SKIP LOCKED: another dispatcher takes other
 * rows), runs each handler in a savepoint and marks the handled rows dispatched, all in one
 * transaction. A failing handler rolls back only its own savepoint; its row is put off by the
 * backoff and stays undispatched. A process that dies mid-pass commits nothing: its rows are due
 * again at once. Returns how many rows were dispatched.
 */
export async function dispatchOutbox(
  db: Db,
  handlers: OutboxHandlers,
  limit = 100,
  now?: Date,
): Promise<{ dispatched: number; failed: number; claimed: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.dispatchedAt), lte(outbox.nextAttemptAt, now ?? sql`now()`)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const at = now ?? new Date();
    const done: number[] = [];
    let failed = 0;
    for (const row of rows) {
      try {
        const handler = handlers[row.topic];
        if (!handler) throw new Error(`no handler for outbox topic ${row.topic}`);
        await tx.transaction((sp) => handler(sp, row.payload));
        done.push(row.id);
      } catch (error) {
        failed++;
        const lastError = describeError(error);
        console.error(`[reel402] outbox ${row.topic} #${row.id}: ${lastError}`);
        await tx
          .update(outbox)
          .set({
            attempts: row.attempts + 1,
            lastError,
            nextAttemptAt: new Date(at.getTime() + outboxBackoffMs(row.attempts)),
          })
          .where(inArray(outbox.id, [row.id]));
      }
    }
    if (done.length)
      await tx
        .update(outbox)
        .set({ dispatchedAt: at, attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, done));
    return { dispatched: done.length, failed, claimed: rows.length };
  });
}

/** Forgets rows dispatched before `before`, a bounded batch at a time. */
export async function pruneDispatched(db: Db, before: Date, limit = 1_000): Promise<void> {
  await db.execute(
    sql`delete from ${outbox} where ${outbox.id} in (select ${outbox.id} from ${outbox} where ${outbox.dispatchedAt} < ${before.toISOString()}::timestamptz limit ${limit})`,
  );
}
