import { encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { JWSSignedReceipt } from "@x402/extensions/offer-receipt";
import { problem } from "@/lib/api/problem";
import type { JobStatus } from "@/lib/jobs/state-machine";

export type JobCreated = {
  job_id: string;
  status: JobStatus;
  status_url: string;
  note?: string;
  receipt?: JWSSignedReceipt;
};

export function jobCreatedBody(jobId: string, status: JobStatus, note?: string): JobCreated {
  return { job_id: jobId, status, status_url: `/jobs/${jobId}`, ...(note ? { note } : {}) };
}

export function json(body: unknown, status: number, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json");
  if (!h.has("cache-control")) h.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/**
 * The x402 challenge: the same PaymentRequired object in the header and the body. The header is
 * what encodePaymentRequiredHeader writes (base64 of the UTF-8 JSON), encoded with Buffer: the
 * library's portable encoder builds a string per byte, a millisecond on every 402.
 */
export function challengeResponse(
  required: PaymentRequired,
  settlement?: SettleResponse,
): Response {
  const body = JSON.stringify(required);
  const headers = new Headers({
    "PAYMENT-REQUIRED": Buffer.from(body, "utf8").toString("base64"),
    "content-type": "application/json",
    "cache-control": "no-store",
  });
  if (settlement) headers.set("PAYMENT-RESPONSE", encodePaymentResponseHeader(settlement));
  return new Response(body, { status: 402, headers });
}

export function paidResponse(
  body: JobCreated,
  status: 200 | 202,
  settlement?: SettleResponse,
): Response {
  const headers: Record<string, string> = {};
  if (settlement) headers["PAYMENT-RESPONSE"] = encodePaymentResponseHeader(settlement);
  return json(body, status, headers);
}

const CAPACITY_RETRY_AFTER_SECONDS = 30;

export function atCapacity(): Response {
  return problem(
    "at_capacity",
    "The generation queue is full. Nothing was charged; try again shortly.",
    {
      headers: { "Retry-After": String(CAPACITY_RETRY_AFTER_SECONDS) },
    },
  );
}
