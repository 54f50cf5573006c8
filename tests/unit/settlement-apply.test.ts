import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import { idempotencyKeys } from "@/lib/checkout/schema";
import { DEVNET_NETWORK, DEVNET_USDC_ADDRESS } from "@/lib/platform/env";
import { decodePaymentResponseHeader } from "@x402/core/http";
import type { SettleResponse } from "@x402/core/types";
import { claimKey, findLiveKey } from "@/lib/checkout/idempotency/key-repository";
import { attachPaymentIdentifier } from "@/lib/checkout/idempotency/key-repository";
import { changeStatus, getJob, insertJob } from "@/lib/jobs/repository";
import { getPaymentForJob, insertPayment, updatePayment } from "@/lib/money/payments/repository";
import { applySettlement, type Settlement } from "@/lib/checkout/settlement/apply";
import { jobCreatedBody } from "@/lib/checkout/settlement/job-created";
import { openTestDatabase } from "../helpers/database";
import { SPEC } from "../helpers/jobs";

const PAYER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const TX = `0x${"ab".repeat(32)}`;

/** The one writer of settlement outcomes, branch by branch, on a real Postgres. */
describe("applySettlement", () => {
  let db: Db;
  let close: () => Promise<void>;
  before(async () => {
    ({ db, close } = await openTestDatabase());
  });
  after(async () => {
    await close?.();
  });

  /** A job as the paid request leaves it before settling: pending, payment verified, key claimed. */
  async function pending() {
    const jobId = crypto.randomUUID();
    const paymentId = crypto.randomUUID();
    const key = `key-${jobId}`;
    await insertJob(db, {
      id: jobId,
      sku: "alpha-fast-custom",
      status: "pending_settlement",
      spec: SPEC,
      payer: PAYER,
      amountAtomic: 260_000,
      network: DEVNET_NETWORK,
    });
    await insertPayment(db, {
      id: paymentId,
      jobId,
      payer: PAYER,
      amountAtomic: 260_000,
      network: DEVNET_NETWORK,
      asset: DEVNET_USDC_ADDRESS,
      payTo: PAYER,
      nonce: `0x${randomBytes(32).toString("hex")}`,
      validBefore: Math.floor(Date.now() / 1000) + 300,
      payload: {},
      requirements: {},
      status: "verified",
    });
    await claimKey(db, key, "hash", jobId, 3600);
    return { jobId, paymentId, key };
  }
  /** A pending job's settlement applied as the paid request applies it, knowing its key. */
  async function applied(settlement: Settlement) {
    const { jobId, paymentId, key } = await pending();
    const { queued } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement,
    });
    return { jobId, key, queued, payment: await getPaymentForJob(db, jobId) };
  }
  const audit = async (jobId: string, type: string) =>
    (
      await db
        .select({ data: auditEvents.data })
        .from(auditEvents)
        .where(and(eq(auditEvents.jobId, jobId), eq(auditEvents.type, type)))
    ).map((r) => r.data);

  test("settled: payment settled, job queued, key completed with the JobCreated", async () => {
    const { jobId, paymentId, key } = await pending();
    const settlement = { kind: "settled" as const, transaction: TX };
    const { queued } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement,
    });
    assert.deepEqual(queued, { id: jobId, payer: PAYER });
    const payment = await getPaymentForJob(db, jobId);
    assert.deepEqual([payment?.status, payment?.transaction], ["settled", TX]);
    assert.ok(payment?.settledAt);
    const job = await getJob(db, jobId);
    assert.equal(job?.status, "queued");
    assert.ok(job?.queuedAt && job.runAfter);
    const row = await findLiveKey(db, key);
    assert.deepEqual([row?.state, row?.response], ["completed", jobCreatedBody(jobId, "queued")]);
    assert.deepEqual(await audit(jobId, "payment.settled"), [{ transaction: TX }]);
  });

  test("settled for a job no longer pending: the payment is recorded, the job and key left alone", async () => {
    const { jobId, paymentId, key } = await pending();
    await changeStatus(db, jobId, "pending_settlement", "cancelled", { finishedAt: new Date() });
    const { queued } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "settled", transaction: TX },
      via: "reconciler",
    });
    assert.equal(queued, null);
    assert.equal((await getPaymentForJob(db, jobId))?.status, "settled");
    assert.equal((await getJob(db, jobId))?.status, "cancelled");
    assert.equal((await findLiveKey(db, key))?.state, "in_flight");
    assert.deepEqual(await audit(jobId, "payment.settled"), [
      { transaction: TX, via: "reconciler" },
    ]);
  });

  test("failed: payment failed, job cancelled with nothing charged, key released", async () => {
    const { jobId, key, queued, payment } = await applied({
      kind: "failed",
      reason: "insufficient_funds",
    });
    assert.equal(queued, null);
    assert.deepEqual([payment?.status, payment?.failureReason], ["failed", "insufficient_funds"]);
    const job = await getJob(db, jobId);
    assert.equal(job?.status, "cancelled");
    assert.deepEqual(job?.error, {
      code: "settlement_failed",
      message: "The payment could not be settled; nothing was charged.",
      retryable: true,
    });
    assert.equal(await findLiveKey(db, key), undefined);
    assert.deepEqual(await audit(jobId, "payment.failed"), [{ reason: "insufficient_funds" }]);
  });

  test("failed, learnt by the reconciler: the key is found by its job, the same message written", async () => {
    const { jobId, paymentId, key } = await pending();
    const reason = "authorization expired unused";
    await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "failed", reason },
      via: "reconciler",
    });
    assert.equal(await findLiveKey(db, key), undefined);
    const job = await getJob(db, jobId);
    assert.equal(job?.error?.message, "The payment could not be settled; nothing was charged.");
    assert.deepEqual(await audit(jobId, "payment.failed"), [{ reason, via: "reconciler" }]);
  });

  test("settled: every key of the job completes, a payment-identifier with its PAYMENT-RESPONSE and receipt", async () => {
    const { jobId, paymentId } = await pending();
    const id = `pay_${jobId.replaceAll("-", "")}`;
    await db.insert(idempotencyKeys).values({
      kind: "payment",
      key: id,
      requestHash: "hash",
      payloadHash: "payload",
      state: "in_flight",
      expiresAt: new Date(Date.now() + 60_000),
    });
    await attachPaymentIdentifier(db, id, jobId, 3600);
    const settleResponse: SettleResponse = {
      success: true,
      transaction: TX,
      network: DEVNET_NETWORK,
      payer: PAYER,
    };
    const { answer } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "settled", transaction: TX },
      settleResponse,
      receiptBaseUrl: "http://127.0.0.1:3000",
    });
    assert.ok(answer?.body.receipt, "the paid request's answer carries the receipt");
    const row = await findLiveKey(db, id, new Date(), "payment");
    assert.equal(row?.state, "completed");
    assert.deepEqual(row?.response, answer.body);
    assert.equal(row?.paymentResponse, answer.paymentResponse);
    const header = decodePaymentResponseHeader(String(row?.paymentResponse));
    assert.equal(header.transaction, TX);
    const extension = header.extensions?.["offer-receipt"] as
      | { info: { receipt: unknown } }
      | undefined;
    assert.deepEqual(extension?.info.receipt, answer.body.receipt);
  });

  test("unknown: only the payment is marked; the job waits and the key stays in flight", async () => {
    const { jobId, key, queued, payment } = await applied({ kind: "unknown", reason: "timeout" });
    assert.equal(queued, null);
    assert.deepEqual([payment?.status, payment?.failureReason], ["unknown", "timeout"]);
    assert.equal((await getJob(db, jobId))?.status, "pending_settlement");
    assert.equal((await findLiveKey(db, key))?.state, "in_flight");
    assert.deepEqual(await audit(jobId, "payment.unknown"), [{ reason: "timeout" }]);
  });

  const RECORDED = {
    payment: {
      status: "verified" as const,
      payer: PAYER,
      amountAtomic: 260_000,
      network: DEVNET_NETWORK,
      asset: DEVNET_USDC_ADDRESS,
      payTo: PAYER,
    },
    sku: "alpha-fast-custom",
  };

  test("settled as recorded: the payment moves with its receipt in one write, and the answer carries that receipt", async () => {
    const { jobId, paymentId } = await pending();
    const { queued, answer } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "settled", transaction: TX },
      receiptBaseUrl: "http://127.0.0.1:3000",
      recorded: RECORDED,
    });
    assert.deepEqual(queued, { id: jobId, payer: PAYER });
    const payment = await getPaymentForJob(db, jobId);
    assert.deepEqual([payment?.status, payment?.transaction], ["settled", TX]);
    assert.ok(payment?.receipt, "the receipt is kept with the settled payment");
    assert.deepEqual(answer?.body.receipt, payment.receipt, "the answer's receipt is the kept one");
    assert.equal((await getJob(db, jobId))?.status, "queued");
    assert.deepEqual(await audit(jobId, "payment.settled"), [{ transaction: TX }]);
  });

  test("settled as recorded, but the reconciler settled it first: its record and receipt stand", async () => {
    const { jobId, paymentId } = await pending();
    const first = `0x${"cd".repeat(32)}`;
    await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "settled", transaction: first },
      via: "reconciler",
    });
    const { answer } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "settled", transaction: TX },
      receiptBaseUrl: "http://127.0.0.1:3000",
      recorded: RECORDED,
    });
    const payment = await getPaymentForJob(db, jobId);
    assert.equal(payment?.transaction, first, "the first record of the money stands");
    assert.equal(answer, undefined, "the job had left pending_settlement: no answer of its own");
    assert.deepEqual(await audit(jobId, "payment.settled"), [
      { transaction: first, via: "reconciler" },
    ]);
  });

  test("settled as recorded, but the payment was marked unknown meanwhile: it settles from there", async () => {
    const { jobId, paymentId } = await pending();
    await updatePayment(db, paymentId, "verified", { status: "unknown", failureReason: "timeout" });
    const { queued } = await applySettlement(db, {
      jobId,
      paymentId,
      settlement: { kind: "settled", transaction: TX },
      recorded: RECORDED,
    });
    assert.deepEqual(queued, { id: jobId, payer: PAYER });
    const payment = await getPaymentForJob(db, jobId);
    assert.deepEqual([payment?.status, payment?.transaction], ["settled", TX]);
    assert.deepEqual(await audit(jobId, "payment.settled"), [{ transaction: TX }]);
  });
});
