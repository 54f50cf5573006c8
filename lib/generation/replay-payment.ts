import { problem } from "@/lib/api/problem";
import type { Db } from "@/lib/db/client";
import { getJob } from "@/lib/jobs/repository";
import type { PaymentRow } from "@/lib/payments/repository";
import { jobCreatedBody, paidResponse } from "@/lib/generation/responses";

/**
 * A payment authorization we have seen before never makes a second job: a settled one answers
 * with its job again, one still in progress gets 409, a refused one is refused again.
 */
export async function replayForPayment(
  db: Db,
  payment: PaymentRow,
  refuse: (reason: string) => Promise<Response>,
): Promise<Response> {
  if (payment.status === "settled") {
    const job = await getJob(db, payment.jobId);
    if (job) {
      const body = jobCreatedBody(job.id, job.status, "This payment was already accepted for this job; it was not charged again.");
      return paidResponse(body, 200);
    }
  }
  if (payment.status === "failed") return refuse("invalid_payment: this payment authorization was already refused");
  return problem("payment_in_flight", "This payment authorization is already being processed; poll the job or retry in a moment.", {
    headers: { "Retry-After": "1" },
  });
}
