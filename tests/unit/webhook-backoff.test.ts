import assert from "node:assert/strict";
import { test } from "node:test";
import { GIVE_UP_AFTER_MS, MAX_DELAY_MS, nextAttemptAt } from "@/lib/notify/webhooks/backoff";

const BASE = 10_000;
const mid = () => 0.5; // no jitter: the factor is exactly 1

test("each wait is three times the last, capped at four hours", () => {
  const created = new Date("2026-01-01T00:00:00Z");
  const waits = [1, 2, 3, 4, 5, 6, 7, 8].map(
    (n) => (nextAttemptAt(n, created, created, BASE, mid)?.getTime() ?? 0) - created.getTime(),
  );
  assert.deepEqual(waits, [
    10_000,
    30_000,
    90_000,
    270_000,
    810_000,
    2_430_000,
    7_290_000,
    MAX_DELAY_MS,
  ]);
});

test("jitter stays within ±20 %", () => {
  const t = new Date(0);
  const low = nextAttemptAt(3, t, t, BASE, () => 0)?.getTime();
  const high = nextAttemptAt(3, t, t, BASE, () => 0.999_999)?.getTime();
  assert.equal(low, 72_000);
  assert.ok(high !== undefined && high > 107_000 && high <= 108_000);
});

test("retries run for about a day, then the delivery is dead", () => {
  const created = new Date("2026-01-01T00:00:00Z");
  let now = created;
  let attempts = 0;
  for (;;) {
    attempts++;
    const next = nextAttemptAt(attempts, created, now, BASE, mid);
    if (!next) break;
    now = next;
  }
  const spent = now.getTime() - created.getTime();
  assert.ok(spent > GIVE_UP_AFTER_MS - MAX_DELAY_MS && spent <= GIVE_UP_AFTER_MS, `${spent} ms`);
  assert.ok(attempts >= 10 && attempts <= 16, `${attempts} attempts`);
});
