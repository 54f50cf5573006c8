/** Retries stop once a delivery is this old: a receiver down for a day is given up on. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** No single wait is longer than this, so a receiver back after an outage hears within hours. */
export const MAX_DELAY_MS = 4 * 60 * 60_000;

/**
 * When to try again after `attempts` failed tries: base × 3^(attempts − 1), capped, with ±20 %
 * jitter so receivers recovering from an outage are not hit by every sender at once. Null once
 * the delivery has been retried for a day: it is dead.
 */
export function nextAttemptAt(
  attempts: number,
  createdAt: Date,
  now: Date,
  baseMs: number,
  random: () => number = Math.random,
): Date | null {
  const delay = Math.min(baseMs * 3 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
  const jittered = delay * (0.8 + 0.4 * random());
  const at = new Date(now.getTime() + jittered);
  return at.getTime() - createdAt.getTime() > GIVE_UP_AFTER_MS ? null : at;
}
