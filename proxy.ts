import { type NextRequest, NextResponse } from "next/server";

/**
 * CORS for browser agents on every route, and content negotiation at `/`: a browser asking for
 * HTML gets the studio page, every other client the storefront JSON.
 */
const EXPOSED = "PAYMENT-REQUIRED, PAYMENT-RESPONSE, Retry-After, RateLimit, RateLimit-Policy, Idempotent-Replayed";

export function proxy(request: NextRequest) {
  if (request.method === "OPTIONS") {
    return new NextResponse(null, {
      status: 204,
      headers: {
        "access-control-allow-origin": "*",
        "access-control-allow-methods": "GET, POST, HEAD, OPTIONS",
        "access-control-allow-headers": "content-type, idempotency-key, payment-signature, range",
        "access-control-expose-headers": EXPOSED,
        "access-control-max-age": "86400",
      },
    });
  }
  const wantsHtml = request.nextUrl.pathname === "/" && request.method === "GET" && (request.headers.get("accept") ?? "").includes("text/html");
  const response = wantsHtml ? NextResponse.rewrite(new URL("/studio", request.url)) : NextResponse.next();
  response.headers.set("access-control-allow-origin", "*");
  response.headers.set("access-control-expose-headers", EXPOSED);
  if (request.nextUrl.pathname === "/") response.headers.set("vary", "Accept");
  return response;
}

export const config = { matcher: ["/((?!_next/|favicon.ico).*)"] };
