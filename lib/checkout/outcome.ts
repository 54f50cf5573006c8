import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { Refusal } from "@/lib/platform";
import type { GenerationSpec } from "@/lib/catalog";
import type { JobCreated } from "@/lib/checkout/settlement/job-created";

/**
 * What a paid POST came to, as values; lib/http/api/checkout-response.ts alone turns them into HTTP.
 * Each variant is an object so later answers (a payment identifier, a signed receipt) add fields.
 */
export type CheckoutOutcome = Challenge | Created | Replayed | Refused;

/** 402: pay this. `settlement` is the facilitator's answer when a settlement just failed. */
export type Challenge = {
  kind: "challenge";
  required: PaymentRequired;
  settlement?: SettleResponse;
};

/** A job was created: 200 once settled (with the settlement), 202 while it is being confirmed. */
export type Created = {
  kind: "created";
  status: 200 | 202;
  body: JobCreated;
  settlement?: SettleResponse;
};

/**
 * An answer given before, again: for the same Idempotency-Key, the same settled payment, or the
 * same payment-identifier with the same payment (which replays its PAYMENT-RESPONSE too).
 */
export type Replayed = {
  kind: "replayed";
  by: "idempotency_key" | "payment" | "payment_identifier";
  body: unknown;
  /** The PAYMENT-RESPONSE header the first answer carried, as sent. */
  paymentResponse?: string;
};

/** A 402 for the same request again, saying why the payment was not taken. */
export type Rechallenge = (reason: string, settlement?: SettleResponse) => Promise<Challenge>;

/**
 * Refused before anything was charged: the one Refusal, with what the request revealed so far
 * for the refusal's audit record (never sent to the client).
 */
export type Refused = Refusal & RequestFacts;

/** A body turned into a spec that passed screening, or the refusal (with what it revealed). */
export type Prepared = { kind: "prepared"; spec: GenerationSpec; facts: RequestFacts } | Refused;

/** What the request revealed so far, added to a refusal for its audit record. */
export type RequestFacts = { sku?: string; promptHash?: string; imageIds?: string[] };

export function withFacts(outcome: CheckoutOutcome, facts: RequestFacts): CheckoutOutcome {
  return outcome.kind === "refused" ? { ...outcome, ...facts } : outcome;
}
