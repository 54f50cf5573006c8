import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobs, jobStatusCounts } from "@/lib/db/schema";
import { providerReliability } from "@/lib/jobs/provider-windows";
import { ACTIVE_STATUSES } from "@/lib/jobs/state-machine";
import { SERVICE_NAME } from "@/lib/storefront/service-info";

/** How many recent deliveries the median generation time is taken over. */
export const P50_WINDOW = 200;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m =
    sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(m * 10) / 10;
}

/** GET /status: maintained counters plus a bounded window of recent deliveries. */
export async function serviceStatus(db: Db) {
  const counts = new Map((await db.select().from(jobStatusCounts)).map((r) => [r.status, r.count]));
  const n = (s: string) => counts.get(s) ?? 0;
  const recent = await db
    .select({ startedAt: jobs.startedAt, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.status, "succeeded"), isNotNull(jobs.finishedAt)))
    .orderBy(desc(jobs.finishedAt))
    .limit(P50_WINDOW);
  const seconds = recent.flatMap((r) =>
    r.startedAt && r.finishedAt ? [(r.finishedAt.getTime() - r.startedAt.getTime()) / 1000] : [],
  );
  const finished = n("succeeded") + n("failed");
  return {
    service: SERVICE_NAME,
    total_jobs: [...counts.values()].reduce((a, b) => a + b, 0),
    delivered: n("succeeded"),
    success_rate: finished === 0 ? null : Math.round((n("succeeded") / finished) * 10_000) / 10_000,
    p50_generation_seconds: median(seconds),
    in_flight: ACTIVE_STATUSES.reduce((sum, s) => sum + n(s), 0),
    providers: await providerReliability(db),
  };
}
