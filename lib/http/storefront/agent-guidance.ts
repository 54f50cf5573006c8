import type { Env } from "@/lib/platform";
import { catalogPriceSpan } from "@/lib/http/storefront/display-prices";
import { networkName, SERVICE_NAME } from "@/lib/http/storefront/service-info";

/**
 * How an agent calls the service, in a few lines: the OpenAPI document's `info.x-guidance` and the
 * `instructions` of /.well-known/x402. Discovery tools inline it in an agent's context, so it
 * stays short (the auditor warns past 4000 characters) and points at llms.txt for the rest.
 */
export function agentGuidance(baseUrl: string, env: Env): string {
  const networks = env.networks.map((n) => `${networkName(n.network)} (${n.network})`).join(", ");
  const { minUsd, maxUsd } = catalogPriceSpan();
  return [
    `${SERVICE_NAME} sells AI video clips per call over x402 v2: no account, no API key.`,
    "1. POST the JSON body an operation describes to its /generate/... path, unpaid. The answer is 402 with the exact price of that body: the PaymentRequired object in the PAYMENT-REQUIRED header (base64) and in the body.",
    `2. Pay one accepts[] entry with x402 v2, scheme exact, in USDC on ${networks}: sign it with any x402 v2 client and repeat the same request with the PAYMENT-SIGNATURE header. Add an Idempotency-Key header so a retry is never charged twice.`,
    "3. The paid answer (200) holds job_id and status_url. Poll GET /jobs/{id} (free) every few seconds until status is succeeded, then download video_url (MP4), or failed; or follow GET /jobs/{id}/events (Server-Sent Events).",
    `Prices are in USD, paid in USDC (6 decimals), from ${minUsd} to ${maxUsd} per call: fixed SKUs have one price, custom and image-to-video ones a range set by duration, resolution and audio. A prompt the content policy refuses gets 403 before payment and is never charged.`,
    `Everything else (limits, errors, webhooks, receipts): ${baseUrl}/llms.txt`,
  ].join("\n");
}
