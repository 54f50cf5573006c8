import { createHash } from "node:crypto";
import { getEnv } from "@/lib/platform/env";

/**
 * The Origin of a browser request made by another site's page, or null for agents (no Origin)
 * and for our own studio. "Ours" is PUBLIC_BASE_URL's host or the Host the request was sent to:
 * a page elsewhere cannot make a visitor's browser send either.
 */
export function crossSiteOrigin(request: Request): string | null {
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const own = new Set<string>();
  const { publicBaseUrl } = getEnv();
  if (publicBaseUrl) own.add(new URL(publicBaseUrl).host.toLowerCase());
  const host = request.headers.get("host");
  if (host) own.add(host.toLowerCase());
  return own.has(hostOf(origin)) ? null : origin;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return ""; // "null" (sandboxed frames, privacy redirects) or garbage: never ours
  }
}

/**
 * Rejections caused by another site's page count toward a block of that IP for that Origin only,
 * so a hostile page can block itself but not its visitors (or everyone behind their NAT).
 */
export function siteBlockKey(ipHash: string, origin: string): string {
  return `${ipHash}:site:${createHash("sha256").update(origin).digest("hex").slice(0, 32)}`;
}
