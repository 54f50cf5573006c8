import type { Db } from "@/lib/platform";
import {
  ACTIVE_STATUSES,
  jobCountsByStatus,
  median,
  providerReliability,
  recentGenerationSeconds,
} from "@/lib/jobs";
import { SERVICE_NAME } from "@/lib/http/storefront/service-info";

/** How many recent deliveries the median generation time is taken over. */
export const P50_WINDOW = 200;

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
    providers: await providerReliability(db),
  };
}
