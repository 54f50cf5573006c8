import type { Db } from "@/lib/db/client";
import { jobCountsByStatus, recentGenerationSeconds } from "@/lib/jobs/stats-repository";
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
  const counts = await jobCountsByStatus(db);
  const n = (s: string) => counts.get(s) ?? 0;
  const seconds = await recentGenerationSeconds(db, P50_WINDOW);
  const finished = n("succeeded") + n("failed");
  return {
    service: SERVICE_NAME,
    total_jobs: [...counts.values()].reduce((a, b) => a + b, 0),
    delivered: n("succeeded"),
    success_rate: finished === 0 ? null : Math.round((n("succeeded") / finished) * 10_000) / 10_000,
    p50_generation_seconds: median(seconds),
    in_flight: ACTIVE_STATUSES.reduce((sum, s) => sum + n(s), 0),
  };
}
