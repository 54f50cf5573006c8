import assert from "node:assert/strict";
import { test } from "node:test";
import {
  MAX_ROUNDS,
  MAX_STEPS,
  nextRound,
  runBudgetMs,
} from "@/lib/server/workflow/inngest-functions";

/**
 * The Inngest run's bound, on a simulated clock: a job whose three attempts each run to their
 * deadline without any callback is driven to its end inside Inngest's 1000 steps per run
 * (https://www.inngest.com/docs/usage-limits/inngest) and inside the run's time budget.
 */

type Sim = { pollMs: (pollsSoFar: number) => number; deadlineMs: number };

/** advance() as the engine sees it, on a virtual clock: submit, poll until the deadline, fail over. */
function simulate({ pollMs, deadlineMs }: Sim) {
  const generation = { maxAttempts: 3, attemptDeadlineMs: deadlineMs };
  let now = 1_000_000;
  let phase: "queued" | "submit" | "poll" = "queued";
  let attempt = 0;
  let startedAt = 0;
  let polls = 0;
  const advance = (): number | null => {
    if (phase === "queued") {
      phase = "submit";
      return now;
    }
    if (phase === "submit") {
      if (attempt === generation.maxAttempts) return null;
      attempt++;
      startedAt = now;
      polls = 0;
      phase = "poll";
      return now + pollMs(polls);
    }
    if (now - startedAt > deadlineMs) {
      phase = "submit";
      return now;
    }
    polls++;
    return now + pollMs(polls);
  };

  let steps = 0;
  let endsAt: number | undefined;
  const started = now;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    steps++;
    const next = advance();
    if (next === null) return { finished: true, steps, rounds: round + 1, elapsed: now - started };
    endsAt ??= now + runBudgetMs(generation);
    const then = nextRound(round, now, next, endsAt);
    if (then === "give-up") break;
    if (then === "now") continue;
    steps++;
    now += then.waitMs;
  }
  return { finished: false, steps, rounds: MAX_ROUNDS, elapsed: now - started };
}

test("three attempts to the default 900 s deadline, polled every 2 s, end well inside the run's bounds", () => {
  const run = simulate({ pollMs: () => 2_000, deadlineMs: 900_000 });
  assert.equal(run.finished, true);
  assert.ok(MAX_STEPS <= 1000);
  assert.ok(run.steps <= MAX_STEPS * 0.75, `${run.steps} steps`);
  assert.ok(run.elapsed >= 3 * 900_000);
  assert.ok(run.elapsed <= runBudgetMs({ maxAttempts: 3, attemptDeadlineMs: 900_000 }) * 0.75);
});

test("polls that back off to a minute use few rounds; a one-hour deadline still fits", () => {
  const backoff = (n: number) => Math.min(60_000, 2_000 * 2 ** n);
  const fast = simulate({ pollMs: backoff, deadlineMs: 900_000 });
  assert.equal(fast.finished, true);
  assert.ok(fast.rounds < 100, `${fast.rounds} rounds`);
  const long = simulate({ pollMs: () => 2_000, deadlineMs: 3_600_000 });
  assert.equal(long.finished, true);
  assert.ok(long.steps <= MAX_STEPS, `${long.steps} steps`);
});

test("a wait is never shorter than 5 s, nor than the advance asked; a due job goes on at once", () => {
  const endsAt = 10_000_000;
  assert.equal(nextRound(0, 0, 0, endsAt), "now");
  assert.deepEqual(nextRound(0, 0, 1, endsAt), { waitMs: Math.ceil(endsAt / (MAX_ROUNDS - 1)) });
  assert.deepEqual(nextRound(0, 0, 10, 1_000), { waitMs: 5_000 });
  assert.deepEqual(nextRound(0, 0, 60_000, 1_000), { waitMs: 60_000 });
});

test("the run gives up when its time or its rounds are spent", () => {
  assert.equal(nextRound(3, 5_000, 6_000, 5_000), "give-up");
  assert.equal(nextRound(MAX_ROUNDS - 1, 0, 1_000, 1_000_000), "give-up");
  assert.notEqual(nextRound(MAX_ROUNDS - 2, 0, 1_000, 1_000_000), "give-up");
});
