import { type Db, refusal } from "@/lib/platform";
import { getJob } from "@/lib/jobs";
import type { PaymentRow } from "@/lib/money";
import { jobCreatedBody } from "@/lib/checkout/settlement/job-created";
import type { CheckoutOutcome, Rechallenge } from "@/lib/checkout/outcome";
import { requestHash } from "@/lib/checkout/request-hash";

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
  refuse: Rechallenge,
): Promise<CheckoutOutcome> {
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
    return { kind: "replayed", by: "payment", body };
  }
  if (payment.status === "failed")
    return refuse("invalid_payment: this payment authorization was already refused");
  return refusal(
    "payment_in_flight",
    "This payment authorization is already being processed; poll the job or retry in a moment.",
    { retryAfter: 1 },
  );
}
