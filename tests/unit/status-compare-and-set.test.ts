import assert from "node:assert/strict";
import { test } from "node:test";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { attempts } from "@/lib/jobs/schema";
import { refunds } from "@/lib/money/schema";
import { webhookDeliveries } from "@/lib/notify/schema";
import { IllegalMoveError } from "@/lib/platform/db/status-transitions";
import {
  endAttempt,
  markAttemptRunning,
  moveAttempt,
  StaleAttemptError,
  startAttempt,
} from "@/lib/jobs/attempt-repository";
import { changeStatus, StaleJobError } from "@/lib/jobs/repository";
import {
  openRefund,
  refundForJob,
  StaleRefundError,
  updateRefund,
} from "@/lib/money/refunds/repository";
import {
  claimDueDeliveries,
  enqueueEvent,
  recordAttempt,
  StaleDeliveryError,
  saveEndpoint,
} from "@/lib/notify/webhooks/repository";
import { payerSequence, queuedJob, tempDbForSuite } from "../helpers/jobs";

/** Each entity's status writes on a real (PGlite) database: refused moves and lost races write nothing. */

let db: Db;
tempDbForSuite((opened) => {
  db = opened.db;
});
const payer = payerSequence(0x900);

test("refunds: a refused move throws before writing; a stale one throws its entity's error", async () => {
  const job = await queuedJob(db, payer());
  await openRefund(db, job, "generation failed", false);
  const refund = await refundForJob(db, job.id);
  assert.ok(refund);
  await assert.rejects(
    updateRefund(db, refund.id, "pending", { status: "confirmed" }),
    IllegalMoveError,
  );
  await assert.rejects(
    updateRefund(db, refund.id, "sent", { status: "confirmed" }),
    StaleRefundError,
    "it is pending, not sent",
  );
  await updateRefund(db, refund.id, "pending", { status: "sent", transaction: "0x01" });
  await assert.rejects(
    updateRefund(db, refund.id, "sent", { status: "confirmed" }, "0x02"),
    StaleRefundError,
    "another transaction than the one judged",
  );
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  assert.equal(row?.status, "sent");
  assert.equal(row?.transaction, "0x01");
});

test("attempts: a written-off submission is not revived by its late submitter; a running one ends once", async () => {
  const job = await queuedJob(db, payer());
  await changeStatus(db, job.id, "queued", "generating");
  const attempt = await startAttempt(db, job.id, 1, "local");
  const interrupted = { code: "interrupted", message: "x", retryable: true };
  assert.equal(await endAttempt(db, attempt, "failed", interrupted, "submitting"), true);
  assert.equal(await markAttemptRunning(db, attempt.id, "task-1"), false);
  const [row] = await db.select().from(attempts).where(eq(attempts.id, attempt.id));
  assert.equal(row?.status, "failed");
  assert.equal(row?.taskId, "task-1", "the upstream's task still maps to an attempt");
  await assert.rejects(moveAttempt(db, attempt.id, "running", "succeeded"), StaleAttemptError);
  await assert.rejects(moveAttempt(db, attempt.id, "failed", "running"), IllegalMoveError);

  const second = await startAttempt(db, job.id, 2, "local");
  assert.equal(await markAttemptRunning(db, second.id, "task-2"), true);
  const running = { ...second, status: "running" as const };
  assert.equal(await endAttempt(db, running, "succeeded", null), true);
  assert.equal(await endAttempt(db, running, "failed", interrupted), false, "ended already");
  const [ended] = await db.select().from(attempts).where(eq(attempts.id, second.id));
  assert.equal(ended?.status, "succeeded");
});

test("jobs: a lost compare-and-set is StaleJobError and leaves the winner's status", async () => {
  const job = await queuedJob(db, payer());
  const [a, b] = await Promise.allSettled([
    changeStatus(db, job.id, "queued", "cancelled"),
    changeStatus(db, job.id, "queued", "generating"),
  ]);
  assert.equal(a.status, "fulfilled");
  assert.equal(b.status === "rejected" && b.reason instanceof StaleJobError, true);
});

test("webhook deliveries: a second record of the same attempt throws and changes nothing", async () => {
  const job = await queuedJob(db, payer());
  await saveEndpoint(db, job.id, "https://hooks.example.com/cas");
  await enqueueEvent(db, job.id, "job.cancelled", { job_id: job.id });
  const later = new Date(Date.now() + 1_000);
  const [claimed] = (await claimDueDeliveries(db, later, 60_000, 100)).filter(
    (d) => d.jobId === job.id,
  );
  assert.ok(claimed);
  const outcome = { delivered: true, statusCode: 200, error: null, next: null };
  await recordAttempt(db, claimed, outcome, later);
  await assert.rejects(
    recordAttempt(db, claimed, { ...outcome, delivered: false, statusCode: 500 }, later),
    StaleDeliveryError,
  );
  await assert.rejects(
    recordAttempt(db, { ...claimed, status: "delivered" }, outcome, later),
    IllegalMoveError,
  );
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, claimed.id));
  assert.equal(row?.status, "delivered");
  assert.equal(row?.lastStatusCode, 200);
  assert.equal(row?.attempts, 1);
});
