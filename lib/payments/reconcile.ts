import { and, eq, lt, or } from "drizzle-orm";
import { parseAbiItem, type PublicClient } from "viem";
import { appendAudit, auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { idempotencyKeys, payments } from "@/lib/db/schema";
import { completeKey, releaseKey } from "@/lib/idempotency/keys";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import { jobCreatedBody } from "@/lib/generation/responses";
import { type PaymentRow, updatePayment } from "@/lib/payments/repository";

const AUTH_STATE = parseAbiItem("function authorizationState(address authorizer, bytes32 nonce) view returns (bool)");
const AUTH_USED = parseAbiItem("event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)");

export type ReconcileOptions = {
  /** A payment still `verified` this long after creation lost its request (crash); ask the chain. */
  staleVerifiedMs: number;
  /** Past validBefore plus this margin an unused authorization can never be spent. */
  expiryMarginSeconds: number;
  onQueued?: (job: { id: string; payer: string }) => Promise<void>;
};

/**
 * Resolves settlements of unknown outcome from the chain itself: a used authorization means the
 * money moved (job → queued); an unused one past its validity can never move it (job → cancelled,
 * nothing charged). Anything else waits.
 */
export async function reconcilePayments(db: Db, chain: PublicClient, asset: `0x${string}`, opts: ReconcileOptions, now = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - opts.staleVerifiedMs);
  const open = await db
    .select()
    .from(payments)
    .where(or(eq(payments.status, "unknown"), and(eq(payments.status, "verified"), lt(payments.createdAt, stale))));
  let resolved = 0;
  for (const payment of open) {
    const used = await chain.readContract({ address: asset, abi: [AUTH_STATE], functionName: "authorizationState", args: [payment.payer as `0x${string}`, payment.nonce as `0x${string}`] });
    if (used) {
      const logs = await chain.getLogs({ address: asset, event: AUTH_USED, args: { authorizer: payment.payer as `0x${string}`, nonce: payment.nonce as `0x${string}` }, fromBlock: 0n });
      await settleFromChain(db, payment, logs[0]?.transactionHash ?? null, opts);
      resolved++;
    } else if (now.getTime() / 1000 > payment.validBefore + opts.expiryMarginSeconds) {
      await expire(db, payment);
      resolved++;
    }
  }
  return resolved;
}

async function keyOf(db: Db, jobId: string): Promise<string | null> {
  const [row] = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.jobId, jobId)).limit(1);
  return row?.key ?? null;
}

async function settleFromChain(db: Db, payment: PaymentRow, transaction: string | null, opts: ReconcileOptions) {
  const job = await auditedTransaction(db, async (tx) => {
    await updatePayment(tx, payment.id, { status: "settled", transaction, settledAt: new Date() });
    await appendAudit(tx, "payment.settled", payment.jobId, { transaction, via: "reconciler" });
    const current = await getJob(tx, payment.jobId);
    if (current?.status !== "pending_settlement") return null;
    const queued = await changeStatus(tx, payment.jobId, "pending_settlement", "queued", { queuedAt: new Date(), runAfter: new Date() });
    const key = await keyOf(tx, payment.jobId);
    if (key) await completeKey(tx, key, jobCreatedBody(payment.jobId, "queued"));
    return queued;
  });
  if (job) await opts.onQueued?.({ id: job.id, payer: job.payer });
}

async function expire(db: Db, payment: PaymentRow) {
  await auditedTransaction(db, async (tx) => {
    await updatePayment(tx, payment.id, { status: "failed", failureReason: "authorization expired unused" });
    await appendAudit(tx, "payment.failed", payment.jobId, { reason: "authorization expired unused", via: "reconciler" });
    const current = await getJob(tx, payment.jobId);
    if (current?.status === "pending_settlement") {
      await changeStatus(tx, payment.jobId, "pending_settlement", "cancelled", {
        finishedAt: new Date(),
        error: { code: "settlement_failed", message: "The payment never settled; nothing was charged.", retryable: true },
      });
    }
    const key = await keyOf(tx, payment.jobId);
    if (key) await releaseKey(tx, key);
  });
}

