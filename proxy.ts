import { type NextRequest, NextResponse } from "next/server";
import {
  contentSecurityPolicy,
  cspSourcesFromEnv,
  isPageRequest,
  malformedHostResponse,
  newNonce,
  SECURITY_HEADERS,
  STATIC_CONTENT_SECURITY_POLICY,
  unroutedResponse,
} from "@/lib/http/edge";
import { getEnv } from "@/lib/platform/edge";

/**
 * CORS for browser agents and the security headers on every route; requests no route takes
 * (wrong method, unknown path) answered as problem+json (lib/http/api/unrouted.ts). The studio at `/` for
 * browsers is a rewrite in next.config.ts, not here: a proxy rewrite leaks its target in an
 * x-middleware-rewrite response header.
 */
const EXPOSED =
  "PAYMENT-REQUIRED, PAYMENT-RESPONSE, Retry-After, RateLimit, RateLimit-Policy, Idempotent-Replayed";

export function proxy(request: NextRequest) {
  const badHost = malformedHostResponse(request.headers, request.nextUrl.pathname);
  if (badHost) {
    badHost.headers.set("access-control-allow-origin", "*");
    return withSecurityHeaders(badHost);
  }
  if (request.method === "OPTIONS") {
    return withSecurityHeaders(
      new NextResponse(null, {
        status: 204,
        headers: {
          "access-control-allow-origin": "*",
          "access-control-allow-methods": "GET, POST, DELETE, HEAD, OPTIONS",
          "access-control-allow-headers":
            "content-type, idempotency-key, payment-signature, sign-in-with-x, webhook-url, last-event-id, range, mcp-protocol-version",
          "access-control-expose-headers": EXPOSED,
          "access-control-max-age": "86400",
        },
      }),
    );
  }
  const accept = request.headers.get("accept");
  const unrouted = unroutedResponse(request.method, request.nextUrl.pathname, accept);
  if (unrouted) {
    unrouted.headers.set("access-control-allow-origin", "*");
    unrouted.headers.set("access-control-expose-headers", EXPOSED);
    unrouted.headers.set("content-security-policy", STATIC_CONTENT_SECURITY_POLICY);
    return withSecurityHeaders(unrouted);
  }
  const page = isPageRequest(request.nextUrl.pathname, accept);
  // Only a page's scripts need a nonce; Next.js takes it from the request's CSP header, so only
  // a page's request headers are copied. JSON and media answers get the one fixed policy.
  const csp = page
    ? contentSecurityPolicy(newNonce(), cspSourcesFromEnv(getEnv()))
    : STATIC_CONTENT_SECURITY_POLICY;
  let response: NextResponse;
  if (page) {
    const headers = new Headers(request.headers);
    headers.set("content-security-policy", csp);
    response = NextResponse.next({ request: { headers } });
  } else response = NextResponse.next();
  withSecurityHeaders(response);
  response.headers.set("content-security-policy", csp);
  response.headers.set("access-control-allow-origin", "*");
  response.headers.set("access-control-expose-headers", EXPOSED);
  if (request.nextUrl.pathname === "/") response.headers.set("vary", "Accept");
  return response;
}

function withSecurityHeaders<R extends Response>(response: R): R {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

// Every route, the icons included: a malformed Host is refused the same on each.
export const config = { matcher: ["/((?!_next/).*)"] };
