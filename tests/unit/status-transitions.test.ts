import assert from "node:assert/strict";
import { test } from "node:test";
import {
  canMove,
  checkMove,
  IllegalMoveError,
  type Transitions,
} from "@/lib/platform/db/status-transitions";
import { ATTEMPT_STATUSES, ATTEMPT_TRANSITIONS } from "@/lib/jobs/attempt-status";
import { JOB_STATUSES, JOB_TRANSITIONS } from "@/lib/jobs/state-machine";
import { PAYMENT_STATUSES, PAYMENT_TRANSITIONS } from "@/lib/money/payments/payment-status";
import { REFUND_STATUSES, REFUND_TRANSITIONS } from "@/lib/money/refunds/refund-status";
import { DELIVERY_STATUSES, DELIVERY_TRANSITIONS } from "@/lib/notify/webhooks/webhook-status";

/** Every pair of statuses: exactly `allowed` may move, every other pair is refused with IllegalMoveError. */
function assertTable<S extends string>(
  entity: string,
  statuses: readonly S[],
  table: Transitions<S>,
  allowed: [S, S][],
) {
  const key = (from: S, to: S) => `${from}→${to}`;
  const expected = new Set(allowed.map(([from, to]) => key(from, to)));
  for (const from of statuses)
    for (const to of statuses) {
      const ok = expected.has(key(from, to));
      assert.equal(canMove(table, from, to), ok, `${entity} ${key(from, to)}`);
      if (ok) assert.equal(checkMove(entity, table, from, to), to);
      else
        assert.throws(
          () => checkMove(entity, table, from, to),
          (e: unknown) => e instanceof IllegalMoveError && e.entity === entity,
        );
    }
}

const TABLES = [
  {
    name: "payments: money that moved stays moved, and a known outcome never becomes unknown",
    check: () =>
      assertTable("payment", PAYMENT_STATUSES, PAYMENT_TRANSITIONS, [
        ["verified", "settled"],
        ["verified", "failed"],
        ["verified", "unknown"],
        ["unknown", "settled"],
        ["unknown", "failed"],
        ["failed", "settled"],
      ]),
  },
  {
    name: "refunds: sent once recorded, then confirmed, manual, or re-signed",
    check: () =>
      assertTable("refund", REFUND_STATUSES, REFUND_TRANSITIONS, [
        ["pending", "sent"],
        ["sent", "confirmed"],
        ["sent", "manual"],
        ["sent", "pending"],
      ]),
  },
  {
    name: "attempts: only a running attempt succeeds; a submission may be written off",
    check: () =>
      assertTable("attempt", ATTEMPT_STATUSES, ATTEMPT_TRANSITIONS, [
        ["submitting", "running"],
        ["submitting", "failed"],
        ["running", "succeeded"],
        ["running", "failed"],
      ]),
  },
  {
    name: "webhook deliveries: retried while pending; delivered and dead are final",
    check: () =>
      assertTable("webhook delivery", DELIVERY_STATUSES, DELIVERY_TRANSITIONS, [
        ["pending", "pending"],
        ["pending", "delivered"],
        ["pending", "dead"],
      ]),
  },
  {
    name: "jobs: the lifecycle table, through the same check",
    check: () =>
      assertTable("job", JOB_STATUSES, JOB_TRANSITIONS, [
        ["pending_settlement", "queued"],
        ["pending_settlement", "cancelled"],
        ["queued", "generating"],
        ["queued", "failed"],
        ["queued", "cancelled"],
        ["generating", "succeeded"],
        ["generating", "failed"],
        ["generating", "cancelled"],
      ]),
  },
];

for (const table of TABLES) test(table.name, table.check);
