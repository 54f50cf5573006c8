import { and, eq, inArray, sql } from "drizzle-orm";
import { appendAudit } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { jobs } from "@/lib/db/schema";
import { announceJobChange } from "@/lib/job-events/announce";
import { ACTIVE_STATUSES, type JobStatus, transition } from "@/lib/jobs/state-machine";

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;

export async function insertJob(db: Db, job: NewJob): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(job).returning();
  if (!row) throw new Error("job insert returned nothing");
  await appendAudit(db, "job.transition", row.id, {
    from: null,
    to: row.status,
    sku: row.sku,
    payer: row.payer,
    amount: row.amountAtomic,
  });
  return row;
}

export async function getJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row;
}

export class StaleJobError extends Error {
  constructor(id: string, expected: JobStatus) {
    super(`job ${id} is no longer ${expected}`);
    this.name = "StaleJobError";
  }
}

/**
 * Moves a job from `from` to `to` if (and only if) it is still in `from`: the state machine
 * rules the edge, the WHERE clause rules concurrent writers.
 */
export async function changeStatus(
  db: Db,
  id: string,
  from: JobStatus,
  to: JobStatus,
  patch: Partial<Omit<NewJob, "id" | "status">> = {},
): Promise<JobRow> {
  transition(from, to);
  const [row] = await db
    .update(jobs)
    .set({ ...patch, status: to, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, from)))
    .returning();
  if (!row) throw new StaleJobError(id, from);
  await appendAudit(db, "job.transition", id, {
    from,
    to,
    ...(patch.error ? { error: patch.error } : {}),
  });
  await announceJobChange(db, id);
  return row;
}

export async function countActiveJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, [...ACTIVE_STATUSES]));
  return row?.n ?? 0;
}
