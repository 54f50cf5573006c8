import { allowedMethods } from "@/lib/http/api/unrouted";

/**
 * Whether a request is answered with an HTML page, whose scripts need a per-request CSP nonce:
 * the studio (at /studio, and at / for a browser, the rewrite of next.config.ts), and the HTML
 * 404 page a browser gets for a path no route takes. Every other answer is JSON, text or media.
 */
export function isPageRequest(pathname: string, accept: string | null): boolean {
  if (pathname === "/studio") return true;
  const wantsHtml = accept?.includes("text/html") ?? false;
  if (pathname === "/") return wantsHtml;
  return wantsHtml && allowedMethods(pathname) === null;
}
