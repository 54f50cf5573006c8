import { randomUUID } from "node:crypto";
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentRequirements, ResourceInfo, SettleResponse } from "@x402/core/types";
import {
  appendAudit,
  auditedTransaction,
  type Db,
  describeError,
  type Env,
  postgresErrorCode,
  refusal,
  type Refusal,
} from "@/lib/platform";
import { sql } from "drizzle-orm";
import type { AnyProduct, GenerationSpec } from "@/lib/catalog";
import {
  attachPaymentIdentifier,
  claimKey,
  dropUnattachedPaymentIdentifier,
} from "@/lib/checkout/idempotency/key-repository";
import { payerScopedKey } from "@/lib/checkout/idempotency/payer-scope";
import {
  claimPaymentIdentifier,
  type PaymentIdentifierClaim,
} from "@/lib/checkout/idempotency/payment-identifier";
import { capacityLock, countActiveJobs, insertJobAtCommit } from "@/lib/jobs";
import {
  authorizationProblem,
  decodePayment,
  findPaymentByAuthorization,
  insertPayment,
  authorizationLock,
  paymentRequired,
} from "@/lib/money";
import { applySettlement } from "@/lib/checkout/settlement/apply";
import { jobCreatedBody } from "@/lib/checkout/settlement/job-created";
import { classifySettlement } from "@/lib/checkout/settlement/outcome";
import type { CheckoutOutcome, Rechallenge } from "@/lib/checkout/outcome";
import { replayForPayment } from "@/lib/checkout/replay-payment";
import { saveEndpoint, withWebhookSecret } from "@/lib/notify";

export type PaidRequest = {
  db: Db;
  /**
   * Tells the job engine a settled job is ready (it would otherwise find it on its next scan), or
   * that a settlement left undecided awaits its reconciler.
   */
  wake: (job: { id: string; payer: string }) => Promise<void>;
  env: Env;
  server: x402ResourceServer;
  product: AnyProduct;
  spec: GenerationSpec;
  amount: number;
  requirements: PaymentRequirements[];
  resource: ResourceInfo;
  /** The service origin the client used: the receipt's resource URL and key id. */
  baseUrl: string;
  signature: string;
  idempotencyKey: string | null;
  requestHash: string;
  /** The vetted Webhook-URL header, or null. */
  webhookUrl: string | null;
};

// A duplicate of a payment in progress waits this long for its answer before hearing 409.
const PAYMENT_IDENTIFIER_WAIT_MS = 10_000;

class CapacityReached extends Error {}

const CAPACITY_RETRY_AFTER_SECONDS = 30;

export function atCapacity(): Refusal {
  return refusal(
    "at_capacity",
    "The generation queue is full. Nothing was charged; try again shortly.",
    { retryAfter: CAPACITY_RETRY_AFTER_SECONDS },
  );
}

/**
 * A request carrying a payment: decode it and match it to the requirements priced from THIS body,
 * verify it, create the job and claim its key in one transaction, settle, and write the outcome.
 * A payment carrying a payment-identifier is looked up first: a completed one answers as it did,
 * and only one request per id gets past this point at a time.
 */
export async function payAndCreateJob(req: PaidRequest): Promise<CheckoutOutcome> {
  const refuse: Rechallenge = async (reason, settlement) => ({
    kind: "challenge",
    required: await paymentRequired(req.server, req.requirements, req.resource, reason),
    ...(settlement ? { settlement } : {}),
  });
  const decoded = decodePayment(req.signature);
  if (!decoded.ok) return refuse(invalidPayment(decoded.part, decoded.message));
  const claim = await claimPaymentIdentifier(req.db, decoded.payload, req.requestHash, {
    claimSeconds: req.env.paymentValiditySeconds,
    waitMs: PAYMENT_IDENTIFIER_WAIT_MS,
  });
  if (claim.kind === "invalid")
    return refuse(invalidPayment("extensions.payment-identifier", claim.message));
  if (claim.kind !== "none" && claim.kind !== "claimed") return answerSeenIdentifier(claim);
  const paymentIdentifier = claim.kind === "claimed" ? claim.id : null;
  try {
    return await verifyAndCreate(req, decoded, paymentIdentifier, refuse);
  } finally {
    if (paymentIdentifier) await dropUnattachedPaymentIdentifier(req.db, paymentIdentifier);
  }
}

/** A payment-identifier seen before: its first answer again, or 409 when it cannot be that. */
function answerSeenIdentifier(
  claim: Extract<PaymentIdentifierClaim, { kind: "replay" | "reused" | "in_flight" }>,
): CheckoutOutcome {
  if (claim.kind === "replay")
    return {
      kind: "replayed",
      by: "payment_identifier",
      body: claim.response,
      ...(claim.paymentResponse ? { paymentResponse: claim.paymentResponse } : {}),
    };
  if (claim.kind === "reused")
    return refusal(
      "payment_identifier_reused",
      "This payment-identifier was used with a different payment or request body. Nothing was charged; use a new id for a new payment.",
    );
  return refusal(
    "payment_identifier_in_flight",
    "The first payment with this payment-identifier is still being processed; retry in a moment.",
    { retryAfter: 1 },
  );
}

async function verifyAndCreate(
  req: PaidRequest,
  decoded: Extract<ReturnType<typeof decodePayment>, { ok: true }>,
  paymentIdentifier: string | null,
  refuse: Rechallenge,
): Promise<CheckoutOutcome> {
  const { db, env, server } = req;
  const { payload, auth } = decoded;
  const matched = server.findMatchingRequirements(req.requirements, payload);
  if (!matched)
    return refuse(
      invalidPayment(
        "accepted",
        "the payment does not match the requirements quoted for this request",
      ),
    );
  const mismatch = authorizationProblem(auth, matched);
  // A payment seen before answers as it did then, even once its window has passed.
  // The job and its payment live on the network the payment chose among the quoted ones.
  const network = matched.network;
  // The verification (the facilitator's chain reads) runs beside the look-up: it only reads, and
  // a payment seen before drops its answer. The look-up is sent first: the verification starts
  // with the signature's recovery, a millisecond or so of the thread's time.
  const finding = findPaymentByAuthorization(db, network, auth.from, auth.nonce);
  finding.catch(() => undefined);
  const verifying = mismatch ? null : server.verifyPayment(payload, matched);
  verifying?.catch(() => undefined);
  const earlier = await finding;
  if (earlier) return replayForPayment(db, earlier, req.requestHash, refuse);
  if (mismatch) return refuse(invalidPayment(mismatch.part, mismatch.message));

  let verified: Awaited<ReturnType<x402ResourceServer["verifyPayment"]>>;
  try {
    verified = await (verifying ?? server.verifyPayment(payload, matched));
  } catch (error) {
    // The facilitator (or the chain it reads) did not answer: the payment is neither good nor
    // bad yet. Nothing was written or charged; the same signature may be sent again.
    console.warn(`[reel402] payment verification could not finish: ${describeError(error)}`);
    return verificationUnavailable();
  }
  if (!verified.isValid)
    return refuse(
      `${verified.invalidReason ?? "invalid_payment"}${verified.invalidMessage ? `: ${verified.invalidMessage}` : ""}`,
    );
  const payer = (verified.payer ?? auth.from).toLowerCase();

  const jobId = randomUUID();
  const paymentId = randomUUID();
  // The payment as it is recorded: the settlement moves it from here without reading it again.
  const recording = {
    payer,
    amountAtomic: req.amount,
    network,
    asset: matched.asset,
    payTo: matched.payTo,
    status: "verified" as const,
  };
  let webhookSecret: string | null = null;
  try {
    // One statement takes the transaction's locks, in the one order (lane, authorization,
    // capacity), before it reads or writes anything. A copy of this payment waits on the
    // authorization's lock, then fails on the payment's unique key and answers as the first did.
    // The capacity lock is held to the commit and is the last taken: a holder waits on nothing
    // but another holder's commit.
    const locks = sql`${authorizationLock(network, auth.from, auth.nonce)}, ${capacityLock()}`;
    await auditedTransaction(
      db,
      jobId,
      async (tx) => {
        // The count (a fresh snapshot under READ COMMITTED, taken once the capacity lock is
        // held) holds every job committed by an earlier holder. This job is not among them:
        // its rows and records are written with the transaction's last statement
        // (writeAtCommit), still under the lock.
        if ((await countActiveJobs(tx)) >= env.limits.queueCapacity) throw new CapacityReached();
        await insertJobAtCommit(tx, {
          id: jobId,
          sku: req.product.sku,
          status: "pending_settlement",
          spec: req.spec,
          payer,
          amountAtomic: req.amount,
          network,
        });
        if (req.webhookUrl) webhookSecret = await saveEndpoint(tx, jobId, req.webhookUrl);
        await insertPayment(tx, {
          ...recording,
          id: paymentId,
          jobId,
          nonce: auth.nonce,
          validBefore: Number(auth.validBefore),
          payload,
          requirements: matched,
        });
        if (req.idempotencyKey)
          await claimKey(
            tx,
            payerScopedKey(payer, req.idempotencyKey),
            req.requestHash,
            jobId,
            env.limits.idempotencyKeyTtlSeconds,
          );
        if (paymentIdentifier)
          await attachPaymentIdentifier(
            tx,
            paymentIdentifier,
            jobId,
            env.limits.idempotencyKeyTtlSeconds,
          );
        await appendAudit(tx, "payment.verified", jobId, {
          payer,
          amount: req.amount,
          nonce: auth.nonce,
          validBefore: Number(auth.validBefore),
        });
      },
      locks,
    );
  } catch (error) {
    if (error instanceof CapacityReached) return atCapacity();
    if (!isUniqueViolation(error)) throw error;
    const winner = await findPaymentByAuthorization(db, network, auth.from, auth.nonce);
    if (winner) return replayForPayment(db, winner, req.requestHash, refuse);
    return refusal(
      "idempotency_key_in_flight",
      "Another request with this Idempotency-Key is in progress; retry in a moment.",
      { retryAfter: 1 },
    );
  }

  let result: SettleResponse | undefined;
  let thrown: unknown;
  try {
    result = await server.settlePayment(payload, matched);
  } catch (error) {
    thrown = error;
  }
  const outcome = classifySettlement(result, thrown, network);
  const { queued, answer } = await applySettlement(db, {
    jobId,
    paymentId,
    keys: req.idempotencyKey !== null || paymentIdentifier !== null,
    recorded: { payment: recording, sku: req.product.sku },
    settlement:
      outcome.kind === "settled"
        ? { kind: "settled", transaction: outcome.response.transaction }
        : outcome,
    ...(outcome.kind === "settled"
      ? { settleResponse: outcome.response, receiptBaseUrl: req.baseUrl }
      : {}),
  });
  if (outcome.kind === "failed")
    return refuse(`settlement_failed: ${outcome.reason}`, outcome.response);
  if (outcome.kind === "settled") {
    if (queued) await req.wake(queued);
    return {
      kind: "created",
      status: 200,
      body: withWebhookSecret(answer?.body ?? jobCreatedBody(jobId, "queued"), webhookSecret),
      settlement: answer?.settlement ?? outcome.response,
    };
  }
  // Left to the reconciler: an idle engine's upkeep is brought back to its short interval.
  await req.wake({ id: jobId, payer });
  return {
    kind: "created",
    status: 202,
    body: withWebhookSecret(
      jobCreatedBody(
        jobId,
        "pending_settlement",
        "Settlement is being confirmed on chain. Poll status_url: the job moves to queued once the payment lands, or to cancelled with nothing charged.",
      ),
      webhookSecret,
    ),
  };
}

const VERIFY_RETRY_AFTER_SECONDS = 5;

function verificationUnavailable(): Refusal {
  return refusal(
    "unavailable",
    "The payment could not be verified right now: the facilitator did not answer. Nothing was charged; send the same payment again shortly.",
    { retryAfter: VERIFY_RETRY_AFTER_SECONDS },
  );
}

/** The stable shape of a refused payment's `error`: the reason, then the part of the payment at fault. */
function invalidPayment(part: string, message: string): string {
  return `invalid_payment: ${part}: ${message}`;
}

function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === "23505";
}
