import { z } from "zod";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import type { ProviderError } from "@/lib/jobs/providers/types";

/**
 * How ModelArk's refusals map to what the engine does next. Ark answers errors as
 * `{ error: { code, message, param, type } }`; the code says more than the status, so both count.
 * Codes: https://docs.byteplus.com/en/docs/ModelArk/1299023 (Common Error Codes).
 */

const errorBody = z
  .object({ error: z.object({ code: z.string().optional() }).nullish() })
  .nullish();

/** The error code of an Ark reply, when it sent one. */
export const arkErrorCode = (body: unknown): string | undefined =>
  errorBody.safeParse(body).data?.error?.code;

/**
 * Moderation of the prompt, an input picture or the output: InputTextSensitiveContentDetected,
 * InputImageSensitiveContentDetected.PrivacyInformation, OutputVideoSensitiveContentDetected,
 * SensitiveContentDetected.Violence, …
 */
export const MODERATION = /SensitiveContent|Risk/i;

/**
 * Our account or the configured model, never the payer's request: a bad key
 * (401 AuthenticationError), arrears (403 AccountOverdueError, ServiceOverdue), no permission
 * (403 AccessDenied), a model not activated (404 ModelNotOpen) or not there
 * (404 InvalidEndpointOrModel.NotFound, InvalidEndpoint.NotFound), a closed endpoint
 * (400 InvalidEndpoint.ClosedEndpoint). Another provider takes the job meanwhile.
 */
const ACCOUNT =
  /^(AuthenticationError|AccountOverdueError|ServiceOverdue|ServiceNotOpen|AccessDenied|ModelNotOpen|InvalidEndpointOrModel(\..+)?|InvalidEndpoint\.(NotFound|ClosedEndpoint))$/;

/**
 * A failed Ark reply as a payer-safe error. `creating`: the reply to a task creation, where a
 * 404 can only mean the model or endpoint (a task's 404 is handled by its caller).
 */
export function arkFailure(reply: hosted.UpstreamReply, creating = false): ProviderError {
  const code = arkErrorCode(reply.body);
  return hosted.httpFailure(reply.status, {
    moderated: MODERATION.test(code ?? ""),
    account: ACCOUNT.test(code ?? "") || (creating && reply.status === 404),
    upstreamCode: code,
    retryAfterMs: hosted.retryAfterMs(reply.headers),
  });
}

const UPSTREAM_FAILED: ProviderError = {
  code: "upstream_failed",
  message: "The upstream failed to produce a video.",
  retryable: true,
};

/** A task that ended without a video: refused by moderation, failed, expired or cancelled. */
export function taskFailure(status: string, code: string | undefined): ProviderError {
  if (MODERATION.test(code ?? "")) return hosted.httpFailure(400, { moderated: true });
  if (status === "failed") return UPSTREAM_FAILED;
  return {
    ...UPSTREAM_FAILED,
    message: `The upstream task was ${status === "expired" ? "expired" : "cancelled"}.`,
  };
}
