import { createHash } from "node:crypto";

/** A strong entity tag of a body: the same bytes, the same tag; any change, another one. */
export function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * Whether `If-None-Match` names the current representation (RFC 9110 §13.1.2): `*` matches any
 * representation, otherwise any tag of the list equal to `etag` under the weak comparison (a W/
 * prefix on either side is ignored). A tag may contain commas, so the list is read tag by tag.
 */
export function noneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const [, tag] of ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)) if (tag === opaque) return true;
  return false;
}

/**
 * A JSON 200 with its entity tag, or, when the client already holds that representation, a 304
 * with the tag and the same caching headers and no body (GET and HEAD).
 */
export function conditionalJson(
  request: Request,
  body: unknown,
  headers: Record<string, string>,
): Response {
  const text = JSON.stringify(body);
  const etag = entityTag(text);
  const h = new Headers(headers);
  h.set("etag", etag);
  if (noneMatchHits(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers: h });
  h.set("content-type", "application/json");
  return new Response(text, { status: 200, headers: h });
}
