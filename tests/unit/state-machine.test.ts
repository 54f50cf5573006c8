import assert from "node:assert/strict";
import { test } from "node:test";
import {
  canTransition,
  IllegalTransitionError,
  JOB_STATUSES,
  isTerminal,
  transition,
} from "@/lib/jobs/state-machine";

test("the documented lifecycle is legal", () => {
  assert.equal(transition("pending_settlement", "queued"), "queued");
  assert.equal(transition("pending_settlement", "cancelled"), "cancelled");
  assert.equal(transition("queued", "generating"), "generating");
  assert.equal(transition("generating", "succeeded"), "succeeded");
  assert.equal(transition("generating", "failed"), "failed");
});

test("terminal states have no way out and nothing skips payment", () => {
  for (const from of ["succeeded", "failed", "cancelled"] as const) {
    assert.ok(isTerminal(from));
    for (const to of JOB_STATUSES) assert.equal(canTransition(from, to), false, `${from}→${to}`);
  }
  assert.throws(() => transition("pending_settlement", "generating"), IllegalTransitionError);
  assert.throws(() => transition("pending_settlement", "succeeded"), IllegalTransitionError);
  assert.throws(() => transition("queued", "succeeded"), IllegalTransitionError);
  assert.throws(() => transition("queued", "pending_settlement"), IllegalTransitionError);
});
