import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { JobRow } from "@/lib/jobs/repository";
import { isTerminal } from "@/lib/jobs/state-machine";
import { formatUsd } from "@/lib/catalog/quote";
import type { RefundRow } from "@/lib/refunds/repository";
import { deliveriesForJob, enqueueEvent } from "@/lib/webhooks/repository";
import type { webhookAttemptsSchema } from "@/lib/webhooks/response-schema";

/** Called where a job's status changes, in that transaction: a terminal status is an event. */
export async function webhookOnTransition(db: Db, job: JobRow): Promise<void> {
  if (!isTerminal(job.status)) return;
  await enqueueEvent(
    db,
    job.id,
    `job.${job.status}` as `job.${"succeeded" | "failed" | "cancelled"}`,
    {
      job_id: job.id,
      sku: job.sku,
      status: job.status,
      error: job.error,
      status_url: `/jobs/${job.id}`,
    },
  );
}

/** Called where a refund is confirmed on chain, in that transaction. */
export async function webhookOnRefundConfirmed(
  db: Db,
  refund: RefundRow,
  transaction: string,
): Promise<void> {
  await enqueueEvent(db, refund.jobId, "refund.confirmed", {
    job_id: refund.jobId,
    amount: formatUsd(refund.amountAtomic),
    transaction,
    status_url: `/jobs/${refund.jobId}`,
  });
}

/** What GET /jobs/{id} shows of the job's deliveries: never the payload, URL or secret. */
export type WebhookAttempts = z.infer<typeof webhookAttemptsSchema>;

export async function webhookAttempts(db: Db, jobId: string): Promise<WebhookAttempts> {
  return (await deliveriesForJob(db, jobId)).map((d) => ({
    id: d.id,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    next_attempt_at: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
  }));
}
