import type { Db } from "@/lib/platform";
import { countActiveJobs } from "@/lib/jobs";

// How stale the count behind the capacity check before a quote or a verification may be.
const QUOTE_COUNT_MS = 500;

type Cached = { at: number; count: Promise<number> };
const cache = new WeakMap<Db, Cached>();

/**
 * Active jobs, for the capacity check before a quote and before a payment is verified: a count at
 * most QUOTE_COUNT_MS old, shared by every request in that time (what every agent probes and every
 * flood sends costs one count), and kept in step with the jobs the paid requests here create, so
 * the next quote sees them. Its answer decides nothing about money: payAndCreateJob counts again
 * under the capacity lock, in the transaction that creates the job, and a payment that gets past a
 * stale count there is refused before anything is charged.
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

/**
 * A paid request that began at `since` has been through: `created` when it made a job, null when
 * it ended in an error (it may have). A count taken before it began cannot hold its job, so it is
 * carried forward by one and the next quote needs no look at the database: right after a payment
 * is when an agent quotes again, and when the job engine is starting the new job. A count taken
 * since may or may not hold it, and an error leaves it unknown: the next check counts afresh.
 */
export function paidRequestDone(db: Db, since: number, created: boolean | null): void {
  const cached = cache.get(db);
  if (!cached || created === false) return;
  if (created === null || cached.at >= since) {
    cache.delete(db);
    return;
  }
  const count = cached.count.then((n) => n + 1);
  count.catch(() => cache.get(db)?.count === count && cache.delete(db));
  cache.set(db, { at: cached.at, count });
}
