import { and, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { Db } from "@/lib/platform";
import { jobs } from "@/lib/jobs/schema";
import type { JobRow } from "@/lib/jobs/repository";

/**
 * Leases make sure two runner processes never work on the same job at once: a job is claimed
 * with FOR UPDATE SKIP LOCKED and held by a lease that its worker keeps renewing. The claim is one
 * statement (its own transaction): the due rows another runner holds are skipped, the rest are
 * leased and returned whole (the step that follows needs no read of its own), and a scan that finds
 * nothing costs one round trip.
 */
export async function claimDueJobs(
  db: Db,
  owner: string,
  limit: number,
  leaseMs: number,
): Promise<JobRow[]> {
  if (limit <= 0) return [];
  const now = new Date();
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        lte(jobs.runAfter, now),
        inArray(jobs.status, ["queued", "generating"]),
        or(isNull(jobs.leaseUntil), lt(jobs.leaseUntil, now)),
      ),
    )
    .orderBy(jobs.runAfter)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(jobs.id, due))
    .returning();
}

export async function renewLease(
  db: Db,
  id: string,
  owner: string,
  leaseMs: number,
): Promise<void> {
  await db
    .update(jobs)
    .set({ leaseUntil: new Date(Date.now() + leaseMs) })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner)));
}

export async function releaseLease(
  db: Db,
  id: string,
  owner: string,
  runAfter: Date | null,
): Promise<void> {
  await db
    .update(jobs)
    .set({ leaseOwner: null, leaseUntil: null, runAfter })
    .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner)));
}
