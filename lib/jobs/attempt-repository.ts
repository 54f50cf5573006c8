import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { appendAudit, auditedTransaction } from "@/lib/audit/append";
import { attempts, type JobError } from "@/lib/db/schema";
import { announceJobChange } from "@/lib/job-events/announce";
import type { AttemptStatus } from "@/lib/jobs/attempt-status";
import { recordAttemptCount } from "@/lib/jobs/repository";

export type AttemptRow = typeof attempts.$inferSelect;
export type { AttemptStatus } from "@/lib/jobs/attempt-status";

export async function latestAttempt(db: Db, jobId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(attempts)
    .where(eq(attempts.jobId, jobId))
    .orderBy(desc(attempts.number))
    .limit(1);
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
  return auditedTransaction(db, async (tx) => {
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
  const [row] = await db
    .update(attempts)
    .set({
      taskId,
      status: sql`case when ${attempts.status} = 'submitting' then 'running' else ${attempts.status} end`,
    })
    .where(eq(attempts.id, id))
    .returning({ status: attempts.status, jobId: attempts.jobId });
  if (row) await announceJobChange(db, row.jobId);
  return row?.status === "running";
}

/**
 * Ends an attempt. With `from`, only if it is still in that status (compare-and-set): a runner
 * writing off a `submitting` attempt must not overwrite the `running` its submitter just recorded.
 * Returns whether it ended the attempt.
 */
export async function endAttempt(
  db: Db,
  attempt: AttemptRow,
  status: "succeeded" | "failed",
  error: JobError | null,
  from?: AttemptStatus,
): Promise<boolean> {
  return auditedTransaction(db, async (tx) => {
    const ended = await tx
      .update(attempts)
      .set({ status, error, endedAt: new Date() })
      .where(and(eq(attempts.id, attempt.id), from ? eq(attempts.status, from) : undefined))
      .returning({ id: attempts.id });
    if (ended.length === 0) return false;
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
  await db
    .update(attempts)
    .set({ storingAt: sql`coalesce(${attempts.storingAt}, now())` })
    .where(eq(attempts.id, attempt.id));
  await announceJobChange(db, attempt.jobId);
}
