import type { Db } from "@/lib/platform";
import { countActiveJobs } from "@/lib/jobs";

// How stale the count behind an unpaid 402 may be. Paying re-counts inside the job's own transaction.
const QUOTE_COUNT_MS = 500;

type Cached = { at: number; count: Promise<number> };
const cache = new WeakMap<Db, Cached>();

/**
 * Active jobs, for the capacity check before a quote. An unpaid request (a 402 or a refusal, what
 * every agent probes and every flood sends) reads a count at most QUOTE_COUNT_MS old, shared by
 * every request in that time: its answer decides nothing about money, and payAndCreateJob counts
 * again under the capacity lock in the transaction that creates the job. A request carrying a
 * payment counts afresh and drops the cached count, since it is about to add a job.
 */
export function activeJobs(db: Db, paying: boolean): Promise<number> {
  const now = Date.now();
  const cached = cache.get(db);
  if (!paying && cached && now - cached.at < QUOTE_COUNT_MS) return cached.count;
  const count = countActiveJobs(db);
  if (paying) cache.delete(db);
  else {
    cache.set(db, { at: now, count });
    // A failed count is not served to the next caller.
    count.catch(() => cache.get(db)?.count === count && cache.delete(db));
  }
  return count;
}
