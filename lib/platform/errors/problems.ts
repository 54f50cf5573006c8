/**
 * The stable problem codes the API reports, with their HTTP status and title. Business code
 * names a code in a Refusal (lib/platform/errors/refusal.ts); only lib/http/api renders it as a Response.
 */
const PROBLEMS = {
  invalid_host: { status: 400, title: "Malformed Host or X-Forwarded-* header" },
  invalid_request: { status: 403, title: "Invalid request" },
  body_too_large: { status: 403, title: "Request body too large" },
  unsupported_media_type: { status: 403, title: "Body not sent as application/json" },
  content_policy: { status: 403, title: "Prompt rejected by the content policy" },
  webhook_url_refused: { status: 403, title: "Webhook URL refused" },
  link_invalid: { status: 403, title: "Invalid download link" },
  link_expired: { status: 403, title: "Download link expired" },
  signature_required: { status: 401, title: "Sign in with the paying wallet" },
  signature_invalid: { status: 401, title: "Wallet signature not valid" },
  callback_signature_invalid: { status: 401, title: "Upstream callback signature not valid" },
  wrong_wallet: { status: 403, title: "Signed by another wallet than the payer" },
  not_found: { status: 404, title: "Not found" },
  upload_not_found: { status: 404, title: "No such upload" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  upload_expired: { status: 410, title: "Upload expired" },
  image_too_large: { status: 413, title: "Image too large" },
  callback_too_large: { status: 413, title: "Upstream callback body too large" },
  unsupported_image: { status: 415, title: "Not a JPEG, PNG or WebP still image" },
  image_dimensions: { status: 422, title: "Image dimensions out of range" },
  image_outside_model_limits: {
    status: 403,
    title: "Image size or shape not accepted by the video models",
  },
  image_fetch_refused: { status: 422, title: "Image URL refused" },
  image_fetch_failed: { status: 422, title: "Image URL could not be fetched" },
  idempotency_key_in_flight: {
    status: 409,
    title: "A request with this Idempotency-Key is still in progress",
  },
  not_cancellable: { status: 409, title: "The job can no longer be cancelled" },
  payment_identifier_in_flight: {
    status: 409,
    title: "A payment with this payment-identifier is still being processed",
  },
  payment_identifier_reused: {
    status: 409,
    title: "payment-identifier reused with a different payment or request",
  },
  payment_in_flight: {
    status: 409,
    title: "This payment authorization is already being processed",
  },
  idempotency_key_reused: { status: 422, title: "Idempotency-Key reused with a different request" },
  rate_limited: { status: 429, title: "Too many requests" },
  ip_blocked: { status: 429, title: "Temporarily blocked after repeated rejected prompts" },
  too_many_streams: { status: 429, title: "Too many open event streams from this client" },
  streams_full: { status: 503, title: "No room for another event stream" },
  internal_error: { status: 500, title: "Internal error" },
  at_capacity: { status: 503, title: "At capacity" },
  unavailable: { status: 503, title: "Temporarily unavailable" },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

export const PROBLEM_CATALOG = PROBLEMS;

export const problemStatus = (code: ProblemCode): number => PROBLEMS[code].status;
