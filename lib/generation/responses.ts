import { encodePaymentRequiredHeader, encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import { problem } from "@/lib/api/problem";
import type { JobStatus } from "@/lib/jobs/state-machine";

export type JobCreated = { job_id: string; status: JobStatus; status_url: string; note?: string };

export function jobCreatedBody(jobId: string, status: JobStatus, note?: string): JobCreated {
  return { job_id: jobId, status, status_url: `/jobs/${jobId}`, ...(note ? { note } : {}) };
}

export function json(body: unknown, status: number, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json");
  if (!h.has("cache-control")) h.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** The x402 challenge: the same PaymentRequired object in the header and the body. */
export function challengeResponse(required: PaymentRequired, settlement?: SettleResponse): Response {
  const headers: Record<string, string> = { "PAYMENT-REQUIRED": encodePaymentRequiredHeader(required) };
  if (settlement) headers["PAYMENT-RESPONSE"] = encodePaymentResponseHeader(settlement);
  return json(required, 402, headers);
}

export function paidResponse(body: JobCreated, status: 200 | 202, settlement?: SettleResponse): Response {
  const headers: Record<string, string> = {};
  if (settlement) headers["PAYMENT-RESPONSE"] = encodePaymentResponseHeader(settlement);
  return json(body, status, headers);
}

const CAPACITY_RETRY_AFTER_SECONDS = 30;

export function atCapacity(): Response {
  return problem("at_capacity", "The generation queue is full. Nothing was charged; try again shortly.", {
    headers: { "Retry-After": String(CAPACITY_RETRY_AFTER_SECONDS) },
  });
}
