import assert from "node:assert/strict";
import { test } from "node:test";
import { runSoak } from "../../soak/run-soak";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

// The short profile of `npm run soak`: three instances behind HAProxy, two SIGKILLs, a renderer
// failing 20 % of renders. Three wallets for 20 jobs, so each has more jobs than generation slots.
test("a cluster under chaos keeps every payment whole: short soak profile", {
  timeout: 420_000,
}, async () => {
  const report = await runSoak(
    {
      jobs: 20,
      wallets: 3,
      kills: 2,
      instances: 3,
      failureRate: 0.2,
      settleTimeoutMs: 150_000,
      redisUrl: REDIS_URL,
    },
    (line) => console.log(line),
  );
  for (const [k, v] of Object.entries(report.figures)) console.log(`${k}: ${v}`);
  for (const check of report.checks) assert.ok(check.ok, `${check.name}: ${check.detail}`);
  assert.equal(report.figures.jobs, 20);
  assert.equal(report.figures.kills, 2);
  assert.equal(Number(report.figures.succeeded) + Number(report.figures["failed+refunded"]), 20);
});
