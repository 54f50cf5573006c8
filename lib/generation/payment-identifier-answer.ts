import { problem } from "@/lib/api/problem";
import type { PaymentIdentifierClaim } from "@/lib/idempotency/payment-identifier";
import { json } from "@/lib/generation/responses";

/**
 * The answer to a payment whose payment-identifier was seen before: the first answer again,
 * PAYMENT-RESPONSE included (never charged twice), or 409 when it cannot be that.
 */
export function answerPaymentIdentifier(
  claim: Extract<PaymentIdentifierClaim, { kind: "replay" | "reused" | "in_flight" }>,
): Response {
  if (claim.kind === "replay") {
    return json(claim.response, 200, {
      "Idempotent-Replayed": "true",
      ...(claim.paymentResponse ? { "PAYMENT-RESPONSE": claim.paymentResponse } : {}),
    });
  }
  if (claim.kind === "reused")
    return problem(
      "payment_identifier_reused",
      "This payment-identifier was used with a different payment or request body. Nothing was charged; use a new id for a new payment.",
    );
  return problem(
    "payment_identifier_in_flight",
    "The first payment with this payment-identifier is still being processed; retry in a moment.",
    { headers: { "Retry-After": "1" } },
  );
}
