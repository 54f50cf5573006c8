/** Shared counters behind the rate limit and the abuse block; Postgres or Redis. */
export interface LimitStore {
  /** Counts one request in the fixed window containing now; returns the count so far. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }>;
  /** Records one rejection and returns how many fell within the last windowMs. */
  addRejection(ipHash: string, windowMs: number, now: Date): Promise<number>;
  block(ipHash: string, until: Date): Promise<void>;
  blockedUntil(ipHash: string, now: Date): Promise<Date | null>;
}

export function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}
