import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/platform";
import { jobs, jobStatusCounts } from "@/lib/jobs/schema";

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
