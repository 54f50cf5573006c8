import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { appendAudit, auditedTransaction } from "@/lib/platform/audit/append";
import { openDb } from "@/lib/platform/db/client";
import { jobsInLane } from "../tests/helpers/audit-lanes";
import { createTestDatabase } from "../tests/helpers/database";

/**
 * Audited money writes of unrelated jobs from concurrent writers, on the machine's Postgres: every
 * job in one lane (how the single audit lock serialised them) against jobs spread over the lanes.
 * Each transaction records a settlement as applySettlement does (two events). Prints figures.
 */
export async function benchAuditLanes(writers = 16, perWriter = 50): Promise<void> {
  process.env.AUDIT_CHAIN_SECRET ??= randomBytes(32).toString("hex");
  const target = await createTestDatabase();
  const { db, close } = await openDb(target.url, ".data");
  const run = async (jobOf: (writer: number, n: number) => string) => {
    const samples: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let n = 0; n < perWriter; n++) {
          const jobId = jobOf(w, n);
          const t = performance.now();
          await auditedTransaction(db, jobId, async (tx) => {
            await appendAudit(tx, "payment.settled", jobId, { transaction: `0x${n}` });
            await appendAudit(tx, "job.transition", jobId, {
              from: "pending_settlement",
              to: "queued",
            });
          });
          samples.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    const at = (q: number) => (samples[Math.floor(samples.length * q)] ?? 0).toFixed(1);
    return `${Math.round(samples.length / seconds)} tx/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
  };
  try {
    await run(() => crypto.randomUUID()); // warm-up
    const laneZero = jobsInLane(0, writers * perWriter);
    const oneLane = await run((w, n) => laneZero[w * perWriter + n] as string);
    const spread = await run(() => crypto.randomUUID());
    console.log(
      `audit lanes (${writers} writers x ${perWriter} audited settlements of distinct jobs, Postgres):`,
    );
    console.log(`  every job in one lane (the former single lock): ${oneLane}`);
    console.log(`  jobs spread over the 64 lanes:                  ${spread}`);
  } finally {
    await close();
    await target.drop();
  }
}
