import type { Db } from "@/lib/platform";
import { countActiveJobs } from "@/lib/jobs";

// How stale the count behind the capacity check before a quote or a verification may be.
const QUOTE_COUNT_MS = 500;

type Cached = { at: number; count: Promise<number> };
const cache = new WeakMap<Db, Cached>();

/**
 * Active jobs, for the capacity check before a quote and before a payment is verified: a count at
 * most QUOTE_COUNT_MS old, shared by every request in that time (what every agent probes and every
 * flood sends costs one count), and dropped once a payment may have added a job, so the next quote
 * sees it. Its answer decides nothing about money: payAndCreateJob counts again under the capacity
 * lock, in the transaction that creates the job, and a payment that gets past a stale count there
 * is refused before anything is charged.
 */
export function activeJobs(db: Db): Promise<number> {
  const now = Date.now();
  const cached = cache.get(db);
  if (cached && now - cached.at < QUOTE_COUNT_MS) return cached.count;
  const count = countActiveJobs(db);
  cache.set(db, { at: now, count });
  // A failed count is not served to the next caller.
  count.catch(() => cache.get(db)?.count === count && cache.delete(db));
  return count;
}

/** A paid request has been through: the next check counts afresh. */
export function forgetActiveJobs(db: Db): void {
  cache.delete(db);
}
