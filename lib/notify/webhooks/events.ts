import type { z } from "zod";
import type { Db } from "@/lib/platform";
import type { JobFinished } from "@/lib/jobs";
import { formatUsd } from "@/lib/catalog";
import type { RefundConfirmed } from "@/lib/money";
import { type DeliveryRow, deliveriesForJob, enqueueEvent } from "@/lib/notify/webhooks/repository";
import type { webhookAttemptsSchema } from "@/lib/notify/webhooks/response-schema";

/** A job reached a terminal status (an outbox row of its transition): its event is queued. */
export async function webhookOnJobFinished(db: Db, job: JobFinished): Promise<void> {
  await enqueueEvent(
    db,
    job.jobId,
    `job.${job.status}` as `job.${"succeeded" | "failed" | "cancelled"}`,
    {
      job_id: job.jobId,
      sku: job.sku,
      status: job.status,
      error: job.error,
      status_url: `/jobs/${job.jobId}`,
    },
    new Date(job.at),
  );
}

/** A refund was confirmed on chain (an outbox row of that confirmation): its event is queued. */
export async function webhookOnRefundConfirmed(
  db: Db,
  refund: Pick<RefundConfirmed, "jobId" | "amountAtomic">,
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
  return webhookAttemptsOf(await deliveriesForJob(db, jobId));
}

/** The deliveries as GET /jobs/{id} shows them. */
export function webhookAttemptsOf(deliveries: DeliveryRow[]): WebhookAttempts {
  return deliveries.map((d) => ({
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
