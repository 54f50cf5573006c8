import { Webhook } from "standardwebhooks";
import { pinnedRequest } from "@/lib/platform";
import type { CallbackTarget } from "@/lib/notify/webhooks/callback-url";

export type AttemptResult = { statusCode: number | null; error: string | null };

/** The Standard Webhooks headers for one message, signed by the maintained library. */
export function signedHeaders(
  secret: string,
  id: string,
  payload: string,
  now: Date,
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, now, payload),
  };
}

/**
 * POSTs the payload to the vetted address (not whatever the name resolves to now), with the
 * certificate checked against the name. Redirects are not followed: a 3xx is a failed attempt.
 * Never rejects: a network failure is an attempt without a status code.
 */
export function postSigned(
  target: CallbackTarget,
  headers: Record<string, string>,
  payload: string,
  timeoutMs: number,
): Promise<AttemptResult> {
  return new Promise((resolve) => {
    const req = pinnedRequest(
      target.url,
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
          "user-agent": "reel402-webhooks",
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        // Only the status counts; the body is drained, not read.
        response.resume();
        resolve({ statusCode: response.statusCode ?? null, error: null });
      },
    );
    req.on("error", (error) =>
      resolve({
        statusCode: null,
        error: error.name === "AbortError" ? "timeout" : "connection failed",
      }),
    );
    req.end(payload);
  });
}
