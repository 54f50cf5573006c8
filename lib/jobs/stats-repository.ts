import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/platform";
import { jobs, jobStatusCounts } from "@/lib/jobs/schema";

/** Jobs per status, as the trigger on jobs keeps them. */
export async function jobCountsByStatus(db: Db): Promise<Map<string, number>> {
  return new Map((await db.select().from(jobStatusCounts)).map((r) => [r.status, r.count]));
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
