import { type Refusal, refusal } from "@/lib/platform";
import { type CallbackPolicy, vetCallbackUrl } from "@/lib/notify/webhooks/callback-url";

/**
 * The paid POST's Webhook-URL header, vetted before any payment is looked at: a URL that could
 * never be called is refused (403) with nothing charged. No header, no webhook.
 */
export async function vetCallback(
  raw: string | null,
  policy: CallbackPolicy,
): Promise<{ url: string | null } | Refusal> {
  if (raw === null) return { url: null };
  const vetted = await vetCallbackUrl(raw.trim(), policy);
  if (!vetted.ok) {
    return refusal(
      "webhook_url_refused",
      `The Webhook-URL header was refused: ${vetted.why}. Nothing was charged.`,
      {
        errors: [{ field: "Webhook-URL", message: vetted.why }],
      },
    );
  }
  return { url: vetted.target.url.toString() };
}

/** The JobCreated body, with the job's webhook secret the one time it is shown. */
export function withWebhookSecret<T extends object>(body: T, secret: string | null): T {
  return secret ? { ...body, webhook_secret: secret } : body;
}
