import { type NextRequest, NextResponse } from "next/server";
import {
  API_RESPONSE_HEADERS,
  contentSecurityPolicy,
  cspSourcesFromEnv,
  isPageRequest,
  malformedHostResponse,
  newNonce,
  PREFLIGHT_HEADERS,
  STATIC_CONTENT_SECURITY_POLICY,
  unroutedResponse,
} from "@/lib/http/edge";
import { getEnv } from "@/lib/platform/edge";

/**
 * CORS for browser agents and the security headers on every route; requests no route takes
 * (wrong method, unknown path) answered as problem+json (lib/http/api/unrouted.ts). The studio at `/` for
 * browsers is a rewrite in next.config.ts, not here: a proxy rewrite leaks its target in an
 * x-middleware-rewrite response header. The routes agents call in a loop skip the proxy (see
 * `config` below and lib/http/api/unproxied-route.ts).
 */
export function proxy(request: NextRequest) {
  const badHost = malformedHostResponse(request.headers, request.nextUrl.pathname);
  if (badHost) return withApiHeaders(badHost);
  if (request.method === "OPTIONS") {
    return new NextResponse(null, { status: 204, headers: PREFLIGHT_HEADERS });
  }
  const accept = request.headers.get("accept");
  const unrouted = unroutedResponse(request.method, request.nextUrl.pathname, accept);
  if (unrouted) return withApiHeaders(unrouted);
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
  withApiHeaders(response).headers.set("content-security-policy", csp);
  if (request.nextUrl.pathname === "/") response.headers.set("vary", "Accept");
  return response;
}

/** The hardening, the fixed policy and CORS: what next.config.ts gives the unproxied routes. */
function withApiHeaders<R extends Response>(response: R): R {
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS))
    response.headers.set(name, value);
  return response;
}

/*
 * Every route, the icons included, except the three agents call in a loop (the quote, the poll and
 * the liveness probe), which answer by themselves what the proxy would (unproxied-route.ts). A
 * request to one of those still comes here when its Host is not plainly well-formed, or its
 * X-Forwarded-Host or -Proto is set and malformed, so Next.js never reads a malformed one; the
 * route checks the empty values. Next.js reads this object without running the file: literals
 * only, hence the host pattern written three times (tests/unit/proxy-matcher.test.ts holds them
 * to malformedHostResponse).
 */
export const config = {
  matcher: [
    "/((?!_next/|healthz$|jobs/[^/]+$|generate/[^/]+/[^/]+$).*)",
    {
      source: "/:route(healthz|jobs/[^/]+|generate/[^/]+/[^/]+)",
      missing: [
        {
          type: "header",
          key: "host",
          value:
            "[A-Za-z0-9_-]{1,50}(?:\\.[A-Za-z0-9_-]{1,50}){0,4}\\.?(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?",
        },
      ],
    },
    {
      source: "/:route(healthz|jobs/[^/]+|generate/[^/]+/[^/]+)",
      has: [
        {
          type: "header",
          key: "x-forwarded-host",
          value:
            "(?!(?:[A-Za-z0-9_-]{1,50}(?:\\.[A-Za-z0-9_-]{1,50}){0,4}\\.?(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?)(?:\\s*,\\s*(?:[A-Za-z0-9_-]{1,50}(?:\\.[A-Za-z0-9_-]{1,50}){0,4}\\.?(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?))*$).+",
        },
      ],
    },
    {
      source: "/:route(healthz|jobs/[^/]+|generate/[^/]+/[^/]+)",
      has: [
        {
          type: "header",
          key: "x-forwarded-proto",
          value: "(?!(?:[Hh][Tt][Tt][Pp][Ss]?)(?:\\s*,\\s*(?:[Hh][Tt][Tt][Pp][Ss]?))*$).+",
        },
      ],
    },
  ],
};
