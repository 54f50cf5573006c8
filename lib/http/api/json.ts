/**
 * The caching of an answer nobody may keep. `no-transform` too: API answers are small JSON read by
 * programs, and gzip on them costs both ends more CPU than the bytes it saves (the server's own
 * compression skips a response marked so; pages and assets are still compressed).
 */
export const NO_STORE = "no-store, no-transform";

/** A JSON answer; never cached unless the caller says otherwise. */
export function json(body: unknown, status: number, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json");
  if (!h.has("cache-control")) h.set("cache-control", NO_STORE);
  return new Response(JSON.stringify(body), { status, headers: h });
}
