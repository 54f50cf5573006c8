import assert from "node:assert/strict";
import { test } from "node:test";
import { runPaidBench } from "../../bench/paid";

// The paid-path bench's machinery at tiny sizes (PGlite only): correctness only, never a timing.
test("the paid bench: every paid request answered with a job, every unpaid one 402, on both stacks, and each payer charged the price once per request", async () => {
  const report = await runPaidBench({
    seconds: 2,
    only: "pglite",
    payerCounts: [1, 3],
    isolatedSamples: 3,
    idleSeconds: 1,
    tailSeconds: 2,
    seededJobs: 50,
  });

  assert.ok(report.price > 0n, "priced from the service's 402");
  assert.deepEqual(Object.keys(report.tallies).sort(), ["pglite", "reference"]);
  for (const [side, t] of Object.entries(report.tallies)) {
    assert.ok(t.paid > 0, `${side} was paid`);
    assert.equal(t.paidWrong, 0, `${side}: every paid request answered 200 with a job`);
    assert.ok(t.unpaid > 0, `${side} was asked unpaid`);
    assert.equal(t.unpaidWrong, 0, `${side}: every unpaid request answered as expected (402)`);
  }

  assert.equal(report.payers.length, 3);
  for (const p of report.payers) {
    assert.ok(p.requests > 0, `payer #${p.index} paid`);
    assert.equal(
      p.charged,
      report.price * BigInt(p.requests),
      `payer #${p.index}'s balance on chain`,
    );
  }

  const [table] = report.tables;
  assert.equal(table?.kind, "pglite");
  assert.deepEqual(
    table?.rows.map((r) => r.name),
    [
      "unpaid 402",
      "unpaid 402 p99",
      "GET /jobs/{id} vs /healthz",
      "CPU, first 2 s after loads",
      "idle CPU",
      "paid round trip p50",
      "paid round trip p95",
      "paid, 1 payer",
      "paid, 1 payer p50",
      "paid, 3 payers",
      "paid, 3 payers p50",
    ],
  );
  for (const r of table?.rows ?? []) {
    assert.ok(Number.isFinite(r.service), `${r.name}: the service's figure is a number`);
    assert.ok(Number.isFinite(r.reference), `${r.name}: the reference's figure is a number`);
    if (r.ratio !== null) assert.ok(Number.isFinite(r.ratio), `${r.name}: the ratio is a number`);
  }
});
