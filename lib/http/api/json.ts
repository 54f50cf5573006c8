/** A JSON answer; never cached unless the caller says otherwise. */
export function json(body: unknown, status: number, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set("content-type", "application/json");
  if (!h.has("cache-control")) h.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: h });
}
