import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/platform";
import { jobs, jobStatusCounts } from "@/lib/jobs/schema";
import { ACTIVE_STATUSES } from "@/lib/jobs/state-machine";

/** Jobs per status, as the trigger on jobs keeps them: the sum of each status's shards. */
export async function jobCountsByStatus(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      status: jobStatusCounts.status,
      count: sql<number>`sum(${jobStatusCounts.count})::bigint`.mapWith(Number),
    })
    .from(jobStatusCounts)
    .groupBy(jobStatusCounts.status);
  return new Map(rows.map((r) => [r.status, r.count]));
}

/**
 * Jobs in an active status, from the counts the trigger on jobs keeps (a few shard rows per
 * status) rather than a count over the jobs themselves: the capacity check runs on every paid
 * request under the capacity lock, and a count over the active jobs grows with the queue it
 * guards. The counts move in the transactions that move the jobs, so a fresh snapshot reads them
 * exactly as it would count the rows.
 */
export async function countActiveJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${jobStatusCounts.count}), 0)::int` })
    .from(jobStatusCounts)
    .where(inArray(jobStatusCounts.status, [...ACTIVE_STATUSES]));
  return row?.n ?? 0;
}

/** Seconds from start to finish of the latest `limit` delivered jobs, newest first. */
export async function recentGenerationSeconds(db: Db, limit: number): Promise<number[]> {
  const recent = await db
    .select({ startedAt: jobs.startedAt, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.status, "succeeded"), isNotNull(jobs.finishedAt)))
    .orderBy(desc(jobs.finishedAt))
    .limit(limit);
  return recent.flatMap((r) =>
    r.startedAt && r.finishedAt ? [(r.finishedAt.getTime() - r.startedAt.getTime()) / 1000] : [],
  );
}
