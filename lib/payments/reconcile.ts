import { and, eq, lt, or } from "drizzle-orm";
import { encodePaymentResponseHeader } from "@x402/core/http";
import { parseAbiItem, type PublicClient } from "viem";
import { appendAudit, auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { payments } from "@/lib/db/schema";
import { DEVNET_NETWORK } from "@/lib/env";
import { completeJobKeys, releaseJobKeys } from "@/lib/idempotency/keys";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import { jobCreatedBody } from "@/lib/generation/responses";
import { type ChainFact, no, readFact, unknown, yes } from "@/lib/payments/chain-fact";
import { freshHead, type Head } from "@/lib/payments/chain-head";
import { type PaymentRow, updatePayment } from "@/lib/payments/repository";

const AUTH_STATE = parseAbiItem(
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
);
const DEVNET_CHAIN_ID = Number(DEVNET_NETWORK.split(":")[1]);
const AUTH_USED = parseAbiItem(
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
);

export type ReconcileOptions = {
  /** A payment still `verified` this long after creation lost its request (crash); ask the chain. */
  staleVerifiedMs: number;
  /** Past validBefore plus this margin an unused authorization can never be spent. */
  expiryMarginSeconds: number;
  onQueued?: (job: { id: string; payer: string }) => Promise<void>;
};

/**
 * Resolves settlements of unknown outcome from the chain itself: a used authorization means the
 * money moved (job → queued); one still unused at a block past its validity can never move it
 * (job → cancelled, nothing charged). A read that gives no answer is never taken for "unused":
 * that payment waits for a later tick.
 */
export async function reconcilePayments(
  db: Db,
  chain: PublicClient,
  asset: `0x${string}`,
  opts: ReconcileOptions,
  now = new Date(),
): Promise<number> {
  const stale = new Date(now.getTime() - opts.staleVerifiedMs);
  const open = await db
    .select()
    .from(payments)
    .where(
      or(
        eq(payments.status, "unknown"),
        and(eq(payments.status, "verified"), lt(payments.createdAt, stale)),
      ),
    );
  if (!open.length) return 0;
  const head = await freshHead(chain);
  if (head.kind !== "yes") return 0;
  let resolved = 0;
  for (const payment of open) {
    const outcome = await authorizationOutcome(chain, asset, payment, head.value);
    if (outcome.kind === "yes") {
      await settleFromChain(db, payment, outcome.value, opts);
      resolved++;
    } else if (outcome.kind === "no" && expired(chain, payment, head.value, opts, now)) {
      await expire(db, payment);
      resolved++;
    }
  }
  return resolved;
}

/** yes(transaction) when the authorization was used, no when unused as of `head`, else unknown. */
async function authorizationOutcome(
  chain: PublicClient,
  asset: `0x${string}`,
  payment: PaymentRow,
  head: Head,
): Promise<ChainFact<string | null>> {
  const authorizer = payment.payer as `0x${string}`;
  const nonce = payment.nonce as `0x${string}`;
  // Pinned to the head just read, so the answer and the head's clock describe the same state.
  const used = await readFact(() =>
    chain.readContract({
      address: asset,
      abi: [AUTH_STATE],
      functionName: "authorizationState",
      args: [authorizer, nonce],
      blockNumber: head.number,
    }),
  );
  if (used.kind !== "yes") return unknown(used.kind === "unknown" ? used.reason : "no answer");
  if (!used.value) return no();
  const logs = await readFact(() =>
    chain.getLogs({
      address: asset,
      event: AUTH_USED,
      args: { authorizer, nonce },
      fromBlock: 0n,
      toBlock: head.number,
    }),
  );
  if (logs.kind !== "yes") return unknown(logs.kind === "unknown" ? logs.reason : "no logs");
  return yes(logs.value[0]?.transactionHash ?? null);
}

/**
 * Past validBefore no block can include the authorization. On a live chain the head's own clock
 * proves it; the devnet mines only on demand, so an idle devnet's head never gets there and the
 * wall clock stands in (with the margin).
 */
function expired(
  chain: PublicClient,
  payment: PaymentRow,
  head: Head,
  opts: ReconcileOptions,
  now: Date,
): boolean {
  const deadline = payment.validBefore + opts.expiryMarginSeconds;
  if (now.getTime() / 1000 <= deadline) return false;
  return chain.chain?.id === DEVNET_CHAIN_ID || head.timestamp > BigInt(deadline);
}

async function settleFromChain(
  db: Db,
  payment: PaymentRow,
  transaction: string | null,
  opts: ReconcileOptions,
) {
  const job = await auditedTransaction(db, async (tx) => {
    await updatePayment(tx, payment.id, { status: "settled", transaction, settledAt: new Date() });
    await appendAudit(tx, "payment.settled", payment.jobId, { transaction, via: "reconciler" });
    const current = await getJob(tx, payment.jobId);
    if (current?.status !== "pending_settlement") return null;
    const queued = await changeStatus(tx, payment.jobId, "pending_settlement", "queued", {
      queuedAt: new Date(),
      runAfter: new Date(),
    });
    // A payment-identifier replay still gets a PAYMENT-RESPONSE: the settlement as the chain has it.
    const settlement = transaction
      ? encodePaymentResponseHeader({
          success: true,
          transaction,
          network: payment.network as `${string}:${string}`,
          payer: payment.payer,
        })
      : null;
    await completeJobKeys(tx, payment.jobId, jobCreatedBody(payment.jobId, "queued"), settlement);
    return queued;
  });
  if (job) await opts.onQueued?.({ id: job.id, payer: job.payer });
}

async function expire(db: Db, payment: PaymentRow) {
  await auditedTransaction(db, async (tx) => {
    await updatePayment(tx, payment.id, {
      status: "failed",
      failureReason: "authorization expired unused",
    });
    await appendAudit(tx, "payment.failed", payment.jobId, {
      reason: "authorization expired unused",
      via: "reconciler",
    });
    const current = await getJob(tx, payment.jobId);
    if (current?.status === "pending_settlement") {
      await changeStatus(tx, payment.jobId, "pending_settlement", "cancelled", {
        finishedAt: new Date(),
        error: {
          code: "settlement_failed",
          message: "The payment never settled; nothing was charged.",
          retryable: true,
        },
      });
    }
    await releaseJobKeys(tx, payment.jobId);
  });
}
