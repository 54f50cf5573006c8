import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { appendAudit, auditedTransaction, checkMove, type Db, staleErrorOf } from "@/lib/platform";
import { attempts } from "@/lib/jobs/schema";
import type { ProviderError } from "@/lib/jobs/providers/types";
import { ATTEMPT_TRANSITIONS, type AttemptStatus } from "@/lib/jobs/attempt-status";
import { announceJobChange, changeAndAnnounce } from "@/lib/jobs/job-announcement";
import { recordAttemptCount } from "@/lib/jobs/repository";

export type AttemptRow = typeof attempts.$inferSelect;
export type { AttemptStatus } from "@/lib/jobs/attempt-status";

export const StaleAttemptError = staleErrorOf<AttemptStatus>("attempt", "StaleAttemptError");

/**
 * Moves an attempt `from` → `to` only if the table allows it and the row is still in `from`
 * (compare-and-set); a lost race throws StaleAttemptError and writes nothing.
 */
export async function moveAttempt(
  db: Db,
  id: string,
  from: AttemptStatus,
  to: AttemptStatus,
  patch: Partial<Omit<typeof attempts.$inferInsert, "id" | "status">> = {},
): Promise<AttemptRow> {
  const [row] = await attemptMove(db, id, from, to, patch).returning();
  if (!row) throw new StaleAttemptError(id, from);
  return row;
}

/** The compare-and-set of a move the table allows, for the caller to run with its returning. */
function attemptMove(
  db: Db,
  id: string,
  from: AttemptStatus,
  to: AttemptStatus,
  patch: Partial<Omit<typeof attempts.$inferInsert, "id" | "status">> = {},
) {
  checkMove("attempt", ATTEMPT_TRANSITIONS, from, to);
  return db
    .update(attempts)
    .set({ ...patch, status: to })
    .where(and(eq(attempts.id, id), eq(attempts.status, from)));
}

export async function latestAttempt(db: Db, jobId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(eq(attempts.jobId, jobId))
    .orderBy(desc(attempts.number))
    .limit(1);
  return row;
}

/** One attempt by its id; undefined for an unknown id. */
export async function findAttempt(db: Db, id: string): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id)).limit(1);
  return row;
}

export async function listAttempts(db: Db, jobId: string): Promise<AttemptRow[]> {
  return db.select().from(attempts).where(eq(attempts.jobId, jobId)).orderBy(attempts.number);
}

/** Records the attempt BEFORE the upstream is called, so a crash never hides a submission. */
export async function startAttempt(
  db: Db,
  jobId: string,
  number: number,
  provider: string,
): Promise<AttemptRow> {
  return auditedTransaction(db, jobId, async (tx) => {
    const [row] = await tx
      .insert(attempts)
      .values({ id: crypto.randomUUID(), jobId, number, provider, status: "submitting" })
      .returning();
    if (!row) throw new Error("attempt insert returned nothing");
    await recordAttemptCount(tx, jobId, number);
    await appendAudit(tx, "attempt.started", jobId, { number, provider });
    await announceJobChange(tx, jobId);
    return row;
  });
}

/**
 * Records the upstream task of a submission. Only an attempt still `submitting` becomes `running`:
 * a runner that lost its lease mid-submit may find its attempt already written off as interrupted
 * by the runner that took the job over. The task id is kept either way, so the upstream's record
 * always maps to an attempt. Returns whether the attempt is still this submission's to run.
 */
export async function markAttemptRunning(db: Db, id: string, taskId: string): Promise<boolean> {
  const moved = await changeAndAnnounce(
    db,
    attemptMove(db, id, "submitting", "running", { taskId }).returning({ jobId: attempts.jobId }),
  );
  if (moved.length > 0) return true;
  return db.transaction(async (tx) => {
    // An upstream callback may have adopted this very task before the submit's answer came.
    const [row] = await tx.select().from(attempts).where(eq(attempts.id, id)).limit(1);
    if (row?.status === "running" && row.taskId === taskId) return true;
    await tx.update(attempts).set({ taskId }).where(eq(attempts.id, id));
    return false;
  });
}

/**
 * Ends an attempt, only if it is still in `from` (by default the status it was read in):
 * compare-and-set, so a runner writing off a `submitting` attempt never overwrites the `running`
 * its submitter just recorded, nor one runner the end another recorded. Returns whether it ended it.
 */
export async function endAttempt(
  db: Db,
  attempt: AttemptRow,
  status: "succeeded" | "failed",
  error: ProviderError | null,
  from: AttemptStatus = attempt.status,
): Promise<boolean> {
  return auditedTransaction(db, attempt.jobId, async (tx) => {
    try {
      await moveAttempt(tx, attempt.id, from, status, { error, endedAt: new Date() });
    } catch (lost) {
      if (lost instanceof StaleAttemptError) return false;
      throw lost;
    }
    await appendAudit(tx, "attempt.ended", attempt.jobId, {
      number: attempt.number,
      provider: attempt.provider,
      status,
      ...(error ? { error } : {}),
    });
    await announceJobChange(tx, attempt.jobId);
    return true;
  });
}

/**
 * The video is ready upstream and being screened and stored: the last step before `succeeded`.
 * The first time is kept when the step repeats (screening gives up counting from it).
 */
export async function markAttemptStoring(db: Db, attempt: AttemptRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(attempts)
      .set({ storingAt: sql`coalesce(${attempts.storingAt}, now())` })
      .where(eq(attempts.id, attempt.id));
    await announceJobChange(tx, attempt.jobId);
  });
}

/** The attempt ended while its upstream task may still render: the upkeep follows it up. */
export async function markOrphaned(db: Db, id: string): Promise<void> {
  await db
    .update(attempts)
    .set({ orphanedAt: sql`coalesce(${attempts.orphanedAt}, now())` })
    .where(eq(attempts.id, id));
}

/** Attempts whose upstream task may still be rendering although nobody waits for it. */
export async function openOrphans(db: Db, limit: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(attempts)
    .where(and(isNotNull(attempts.orphanedAt), isNull(attempts.orphanSettledAt)))
    .orderBy(attempts.orphanedAt)
    .limit(limit);
}

/** The orphaned task is over (ended, cancelled, or unknown to the upstream); `outcome` is audited. */
export async function settleOrphan(db: Db, attempt: AttemptRow, outcome: string): Promise<void> {
  await auditedTransaction(db, attempt.jobId, async (tx) => {
    const [row] = await tx
      .update(attempts)
      .set({ orphanSettledAt: new Date() })
      .where(and(eq(attempts.id, attempt.id), isNull(attempts.orphanSettledAt)))
      .returning({ id: attempts.id });
    if (row)
      await appendAudit(tx, "upstream.orphan_settled", attempt.jobId, {
        number: attempt.number,
        provider: attempt.provider,
        outcome,
      });
  });
}
