import { problem } from "@/lib/api/problem";
import type { Db } from "@/lib/db/client";
import { getJob } from "@/lib/jobs/repository";
import type { PaymentRow } from "@/lib/payments/repository";
import { requestHash } from "@/lib/generation/request-hash";
import { jobCreatedBody, paidResponse } from "@/lib/generation/responses";

/**
 * A payment authorization we have seen before never makes a second job: a settled one answers
 * with its job again, one still in progress gets 409, a refused one is refused again. Only for
 * the request it paid for: a settled authorization is public on chain, and the same price for
 * another prompt must not hand out someone else's job.
 */
export async function replayForPayment(
  db: Db,
  payment: PaymentRow,
  hash: string,
  refuse: (reason: string) => Promise<Response>,
): Promise<Response> {
  const job = await getJob(db, payment.jobId);
  if (job && requestHash(job.sku, job.spec) !== hash) {
    return refuse(
      "invalid_payment: payload.authorization.nonce: this authorization already paid for another request",
    );
  }
  if (payment.status === "settled" && job) {
    const body = jobCreatedBody(
      job.id,
      job.status,
      "This payment was already accepted for this job; it was not charged again.",
    );
    return paidResponse(body, 200);
  }
  if (payment.status === "failed")
    return refuse("invalid_payment: this payment authorization was already refused");
  return problem(
    "payment_in_flight",
    "This payment authorization is already being processed; poll the job or retry in a moment.",
    {
      headers: { "Retry-After": "1" },
    },
  );
}
