import { encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { json, NO_STORE } from "@/lib/http/api/json";
import { publicBaseUrl } from "@/lib/http/api/base-url";
import { readCheckoutInput } from "@/lib/http/api/checkout-request";
import { clientIdentity } from "@/lib/http/api/client-identity";
import { refusalResponse } from "@/lib/http/api/problem";
import { type CheckoutOutcome, guardedCheckout, type GuardedCheckout } from "@/lib/checkout";
import { getEnv } from "@/lib/platform";
import { services } from "@/lib/server";

/** POST /generate/{family}/{product}: the request read into the checkout's input, then its answer. */
export async function paidPostResponse(
  request: Request,
  family: string,
  productName: string,
): Promise<Response> {
  const target = { family, productName, baseUrl: publicBaseUrl() };
  const maxBodyBytes = getEnv().limits.maxBodyBytes;
  return checkoutResponse(
    await guardedCheckout(services(), clientIdentity(request), () =>
      readCheckoutInput(request, target, maxBodyBytes),
    ),
  );
}

/** The paid POST's answer: the outcome as HTTP, with the guard's RateLimit headers on every one. */
export function checkoutResponse({ outcome, rateLimit }: GuardedCheckout): Response {
  if (outcome.kind === "refused") return refusalResponse(outcome, { headers: rateLimit });
  const response = outcomeResponse(outcome);
  for (const [k, v] of Object.entries(rateLimit)) response.headers.set(k, v);
  return response;
}

function outcomeResponse(outcome: Exclude<CheckoutOutcome, { kind: "refused" }>): Response {
  switch (outcome.kind) {
    case "challenge":
      return challengeResponse(outcome.required, outcome.settlement);
    case "created":
      return json(outcome.body, outcome.status, paymentResponseHeader(outcome.settlement));
    case "replayed":
      return json(outcome.body, 200, {
        ...(outcome.by === "payment" ? {} : { "Idempotent-Replayed": "true" }),
        ...(outcome.paymentResponse ? { "PAYMENT-RESPONSE": outcome.paymentResponse } : {}),
      });
  }
}

function paymentResponseHeader(settlement?: SettleResponse): Record<string, string> {
  return settlement ? { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settlement) } : {};
}

/**
 * The x402 challenge: the same PaymentRequired object in the header and the body. The header is
 * what encodePaymentRequiredHeader writes (base64 of the UTF-8 JSON), encoded with Buffer: the
 * library's portable encoder builds a string per byte, a millisecond on every 402.
 */
function challengeResponse(required: PaymentRequired, settlement?: SettleResponse): Response {
  const { body, header } = encodedChallenge(required);
  const headers = new Headers({
    "PAYMENT-REQUIRED": header,
    "content-type": "application/json",
    "cache-control": NO_STORE,
    ...paymentResponseHeader(settlement),
  });
  return new Response(body, { status: 402, headers });
}

// A challenge shared by many unpaid requests (lib/checkout/challenge-cache.ts) is encoded once.
const encoded = new WeakMap<PaymentRequired, { body: string; header: string }>();

function encodedChallenge(required: PaymentRequired): { body: string; header: string } {
  let e = encoded.get(required);
  if (!e) {
    const body = JSON.stringify(required);
    e = { body, header: Buffer.from(body, "utf8").toString("base64") };
    encoded.set(required, e);
  }
  return e;
}
