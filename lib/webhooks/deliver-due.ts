import { describeError } from "@/lib/errors/describe-error";
import type { Db } from "@/lib/db/client";
import { nextAttemptAt } from "@/lib/webhooks/backoff";
import { vetCallbackUrl } from "@/lib/webhooks/callback-url";
import { postSigned, signedHeaders } from "@/lib/webhooks/post-signed";
import { claimDueDeliveries, type DueDelivery, recordAttempt } from "@/lib/webhooks/repository";

export type WebhookDriverConfig = { allowPrivate: boolean; retryBaseMs: number };

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
  const sentAt = new Date();
  // Vetted again on every attempt: the name may since point somewhere private.
  const vetted = await vetCallbackUrl(d.url, { allowPrivate: config.allowPrivate });
  const result = vetted.ok
    ? await postSigned(
        vetted.target,
        signedHeaders(d.secret, d.id, d.payload, sentAt),
        d.payload,
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
