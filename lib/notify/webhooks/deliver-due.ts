import { type Db, describeError } from "@/lib/platform";
import { nextAttemptAt } from "@/lib/notify/webhooks/backoff";
import { vetCallbackUrl } from "@/lib/notify/webhooks/callback-url";
import { postSigned, signedHeaders } from "@/lib/notify/webhooks/post-signed";
import {
  claimDueDeliveries,
  type DueDelivery,
  recordAttempt,
  replacePayload,
} from "@/lib/notify/webhooks/repository";

export type WebhookDriverConfig = {
  allowPrivate: boolean;
  retryBaseMs: number;
  /**
   * The job as GET /jobs/{id} shows it (the job view, composed above this module); a job event's
   * payload carries it. Unset, the payload is what was recorded at the transition.
   */
  jobView?: (jobId: string) => Promise<object | null>;
};

// Longer than an attempt's timeout, so only a dead sender's claim runs out.
export const LEASE_MS = 60_000;
export const ATTEMPT_TIMEOUT_MS = 10_000;
const BATCH = 20;

/**
 * Sends the deliveries that are due, each once per claim; called on every upkeep tick by both
 * engines. A 2xx ends a delivery for good; anything else is retried with backoff for a day.
 */
export async function deliverDueWebhooks(
  db: Db,
  config: WebhookDriverConfig,
  now = new Date(),
): Promise<number> {
  const due = await claimDueDeliveries(db, now, LEASE_MS, BATCH);
  await Promise.all(due.map((d) => attempt(db, d, config)));
  return due.length;
}

/** One attempt at one claimed delivery: vet the address again, send, record the outcome. */
export async function attempt(db: Db, d: DueDelivery, config: WebhookDriverConfig): Promise<void> {
  const payload = await payloadOf(db, d, config);
  const sentAt = new Date();
  // Vetted again on every attempt: the name may since point somewhere private.
  const vetted = await vetCallbackUrl(d.url, { allowPrivate: config.allowPrivate });
  const result = vetted.ok
    ? await postSigned(
        vetted.target,
        signedHeaders(d.secret, d.id, payload, sentAt),
        payload,
        ATTEMPT_TIMEOUT_MS,
      ).catch((error: unknown) => ({ statusCode: null, error: describeError(error) }))
    : { statusCode: null, error: `refused: ${vetted.why}` };
  const delivered =
    result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const next = delivered
    ? null
    : nextAttemptAt(d.attempts + 1, d.createdAt, sentAt, config.retryBaseMs);
  await recordAttempt(
    db,
    d,
    {
      delivered,
      statusCode: result.statusCode,
      error: delivered ? null : (result.error ?? `HTTP ${result.statusCode}`),
      next,
    },
    new Date(),
  );
}

/**
 * A job event's body: the job view, made when the event is first sent (the transition that
 * queued it cannot sign links or receipts) and kept, so every retry of one webhook-id carries the
 * same body. Other events, and a job event without a view, go as recorded.
 */
async function payloadOf(db: Db, d: DueDelivery, config: WebhookDriverConfig): Promise<string> {
  if (!config.jobView || d.attempts > 0 || !d.event.startsWith("job.")) return d.payload;
  const view = await config.jobView(d.jobId);
  if (!view) return d.payload;
  const recorded = JSON.parse(d.payload) as { data?: Record<string, unknown> };
  const payload = JSON.stringify({
    ...recorded,
    data: { ...view, status_url: recorded.data?.status_url },
  });
  await replacePayload(db, d.id, payload);
  return payload;
}
