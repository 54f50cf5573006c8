/** What a hit on a sliding-window limit decided. */
export type Hit = {
  /** Whether this request was counted, i.e. fewer than `limit` were counted in the window before it. */
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  count: number;
  /** When the oldest counted request leaves the window and frees a place (now when none is counted). */
  resetAt: Date;
};

/** Counters behind the rate limit and the abuse block: Redis, the shared Postgres, or memory on PGlite (store.ts). */
export interface LimitStore {
  /**
   * Counts one request in the sliding window (now - windowMs, now] unless `limit` requests are
   * already counted there; atomic across processes, so no window of windowMs ever holds more than
   * `limit`. A refused request is not counted: a client that keeps retrying while over the limit
   * gets its next place when its oldest counted request ages out, not later. A limit of 0 only
   * reads the window.
   */
  hit(key: string, limit: number, windowMs: number, now: Date): Promise<Hit>;
  /**
   * The guard in front of every generation POST, in one round trip: the latest block still
   * running on any of `blockKeys`, and a hit on `key` with the same semantics as `hit` (a limit of
   * 0 while blocked, so a blocked client only reads its window).
   */
  guard(
    key: string,
    limit: number,
    windowMs: number,
    now: Date,
    blockKeys: string[],
  ): Promise<{ hit: Hit; blockedUntil: Date | null }>;
  /** Records one rejection and returns how many fell within the last windowMs. */
  addRejection(ipHash: string, windowMs: number, now: Date): Promise<number>;
  block(ipHash: string, until: Date): Promise<void>;
  blockedUntil(ipHash: string, now: Date): Promise<Date | null>;
}

/** A Hit from the count and the oldest counted time (epoch ms; null when nothing is counted). */
export function toHit(
  allowed: boolean,
  count: number,
  oldestMs: number | null,
  windowMs: number,
  now: Date,
): Hit {
  return {
    allowed,
    count,
    resetAt: new Date(oldestMs === null ? now.getTime() : oldestMs + windowMs),
  };
}
