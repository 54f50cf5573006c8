import { and, desc, eq, inArray, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import {
  appendAudit,
  auditedTransaction,
  type Db,
  staleErrorOf,
  writeAtCommit,
} from "@/lib/platform";
import { jobs } from "@/lib/jobs/schema";
import { announceJobChange } from "@/lib/jobs/job-announcement";
import { outboxJobFinished } from "@/lib/jobs/job-outbox";
import { isTerminal, type JobStatus, transition } from "@/lib/jobs/state-machine";

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  if (!row) throw new Error("job insert returned nothing");
  await auditNewJob(db, row);
  return row;
}

/**
 * A job created in an audited transaction that reads nothing of it before the commit (a paid
 * request's): its row is written with the transaction's audit write (writeAtCommit).
 */
export async function insertJobAtCommit(
  db: Db,
  job: NewJob & Pick<JobRow, "id" | "status">,
): Promise<void> {
  await writeAtCommit(db, db.insert(jobs).values(job));
  await auditNewJob(db, job);
}

function auditNewJob(
  db: Db,
  job: Pick<JobRow, "id" | "status" | "sku" | "payer" | "amountAtomic">,
) {
  return appendAudit(db, "job.transition", job.id, {
    from: null,
    to: job.status,
    sku: job.sku,
    payer: job.payer,
    amount: job.amountAtomic,
  });
}

export async function getJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job with this id as a client wrote it; undefined for an unknown or malformed id. */
export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return UUID.test(id) ? getJob(db, id.toLowerCase()) : undefined;
}

/**
 * Reads the job with an id as a client wrote it, with `facts`: columns other parts of the code read
 * about it (correlated subqueries on `jobs`), all in one statement, built once here rather than on
 * every read (a poll's statement is most of what Drizzle would spend on it). The reader answers
 * undefined for an unknown or malformed id.
 */
export function prepareFindJobWith<F extends Record<string, SQL>>(
  db: Db,
  facts: F,
): (
  id: string,
) => Promise<{ job: JobRow; facts: { [K in keyof F]: F[K]["_"]["type"] } } | undefined> {
  const query = db
    .select({ job: jobs, facts })
    .from(jobs)
    .where(eq(jobs.id, sql.placeholder("id")))
    .limit(1)
    .prepare("find_job_with");
  return async (id) => {
    if (!UUID.test(id)) return undefined;
    const [row] = await query.execute({ id: id.toLowerCase() });
    return row as { job: JobRow; facts: { [K in keyof F]: F[K]["_"]["type"] } } | undefined;
  };
}

export const StaleJobError = staleErrorOf<JobStatus>("job", "StaleJobError");

/**
 * Moves a job from `from` to `to` if (and only if) it is still in `from`: the state machine
 * rules the edge, the WHERE clause rules concurrent writers. The one place a job's status changes.
 * Its audit record and its side effects (announcement, webhook) are written in the same
 * transaction, the effects as outbox rows that a dispatcher carries out after the commit.
 */
export async function changeStatus(
  db: Db,
  id: string,
  from: JobStatus,
  to: JobStatus,
  patch: Partial<Omit<NewJob, "id" | "status">> = {},
): Promise<JobRow> {
  transition(from, to);
  return auditedTransaction(db, id, async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ ...patch, status: to, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.status, from)))
      .returning();
    if (!row) throw new StaleJobError(id, from);
    await appendAudit(tx, "job.transition", id, {
      from,
      to,
      ...(patch.error ? { error: patch.error } : {}),
    });
    await announceJobChange(tx, id);
    if (isTerminal(row.status))
      await outboxJobFinished(tx, {
        jobId: row.id,
        sku: row.sku,
        status: row.status,
        error: row.error,
        at: row.updatedAt.toISOString(),
      });
    return row;
  });
}

// Serialises the capacity check with job creation across processes.
const CAPACITY_LOCK = 402_403;

/** The capacity lock, held until the transaction that takes it ends: a call for its lock list. */
export function capacityLock(): SQL {
  return sql`pg_advisory_xact_lock(${CAPACITY_LOCK})`;
}

/** How many of the payer's jobs are generating now. */
export async function countGeneratingOfPayer(db: Db, payer: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.payer, payer), eq(jobs.status, "generating")));
  return row?.n ?? 0;
}

/**
 * queued → generating, unless the payer already has `limit` jobs generating, then `then` in the
 * same audited transaction; null when there was no room. One wallet's starts are serialised, so
 * two runners cannot both take the last slot: its lock is taken with the job's lane's.
 */
export async function startIfWalletHasRoom<T>(
  db: Db,
  job: JobRow,
  limit: number,
  then: (tx: Db, started: JobRow) => Promise<T>,
): Promise<T | null> {
  return auditedTransaction(
    db,
    job.id,
    async (tx) => {
      if ((await countGeneratingOfPayer(tx, job.payer)) >= limit) return null;
      return then(
        tx,
        await changeStatus(tx, job.id, "queued", "generating", { startedAt: new Date() }),
      );
    },
    sql`pg_advisory_xact_lock(hashtext(${job.payer}))`,
  );
}

/**
 * Makes a generating job due now, so the engine looks at it before its next scheduled poll.
 * Returns whether the job was generating (nothing else is woken: its status is not touched).
 */
export async function makeDueNow(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, "generating")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * The job's count of upstream attempts, kept beside the attempt rows; in an audited transaction,
 * written with its audit write (writeAtCommit).
 */
export async function recordAttemptCount(db: Db, id: string, attempts: number): Promise<void> {
  await writeAtCommit(
    db,
    db.update(jobs).set({ attempts, updatedAt: new Date() }).where(eq(jobs.id, id)),
  );
}

/** Jobs whose video link has expired while the video is still stored. */
export async function jobsWithExpiredVideos(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ id: string; key: string }[]> {
  const due = await db
    .select({ id: jobs.id, key: jobs.videoKey })
    .from(jobs)
    .where(and(isNotNull(jobs.videoKey), lt(jobs.videoExpiresAt, now)))
    .limit(limit);
  return due.flatMap((d) => (d.key ? [{ id: d.id, key: d.key }] : []));
}

/** The jobs' videos are gone from the store: they no longer name one. */
export async function forgetVideos(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length)
    await db.update(jobs).set({ videoKey: null, updatedAt: now }).where(inArray(jobs.id, ids));
}

/** Up to `limit` of a payer's jobs, newest first, after `before`: a range read on (payer, created_at, id). */
export async function jobsOfPayerBefore(
  db: Db,
  payer: string,
  before: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.payer, payer),
        before
          ? or(
              lt(jobs.createdAt, before.createdAt),
              and(eq(jobs.createdAt, before.createdAt), lt(jobs.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}
