/**
 * The wait of a periodic look (a scan, a sweep, an upkeep tick): `minMs` while looks find work and
 * for `graceMs` after the last one that did, then doubling after each look that finds none, up to
 * `maxMs`. An idle process wakes a few times a minute instead of several times a second; what
 * brings new work also wakes the look (`reset`), so the long wait is never what new work waits for.
 */
export type IdleBackoff = {
  /** The wait before the next look, given whether this one found work. */
  after: (foundWork: boolean) => number;
  /** Back to the short wait: something happened. */
  reset: () => void;
};

export function idleBackoff(
  minMs: number,
  maxMs: number,
  graceMs = 0,
  now: () => number = Date.now,
): IdleBackoff {
  let wait = minMs;
  let lastWork = now();
  return {
    after(foundWork) {
      if (foundWork) lastWork = now();
      wait = now() - lastWork < graceMs ? minMs : Math.min(maxMs, wait * 2);
      return wait;
    },
    reset() {
      wait = minMs;
      lastWork = now();
    },
  };
}
