// Imported by next.config.ts as well as by the proxy: plain values, no imports.

/**
 * The policy of every response that is not an HTML page (JSON, problems, text, media, icons): it
 * runs no script and loads nothing, so it needs no nonce and is the same string for every request.
 * Still no framing, as on the pages.
 */
export const STATIC_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Headers every response carries, JSON included. */
export const SECURITY_HEADERS: Record<string, string> = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  // Full referrer to ourselves, nothing to RPC providers or explorers. Not no-referrer: that
  // would turn the Origin of the studio's own POSTs into "null".
  "referrer-policy": "same-origin",
};

/** The response headers a browser agent on another origin may read. */
export const EXPOSED_HEADERS =
  "PAYMENT-REQUIRED, PAYMENT-RESPONSE, Retry-After, RateLimit, RateLimit-Policy, Idempotent-Replayed";

/** What every answer that is not a page carries: the fixed policy, the hardening, and CORS for agents. */
export const API_RESPONSE_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  "content-security-policy": STATIC_CONTENT_SECURITY_POLICY,
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSED_HEADERS,
};

/** The CORS preflight's answer: any origin may call the API, with the headers x402 and its extensions use. */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, DELETE, HEAD, OPTIONS",
  "access-control-allow-headers":
    "content-type, idempotency-key, payment-signature, sign-in-with-x, webhook-url, last-event-id, range, mcp-protocol-version",
  "access-control-expose-headers": EXPOSED_HEADERS,
  "access-control-max-age": "86400",
};
