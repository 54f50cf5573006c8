import { malformedHostResponse } from "@/lib/http/api/request-host";
import { PREFLIGHT_HEADERS } from "@/lib/http/api/response-headers";
import { problem } from "@/lib/http/api/problem";
import { unroutedResponse } from "@/lib/http/api/unrouted";

/*
 * The routes every agent calls in a loop (the quote, the poll, the liveness probe) are answered
 * without the proxy (proxy.ts's matcher): it costs about as much as the route itself. What the
 * proxy does for every other route is done here instead, per route file, and the fixed response
 * headers come from next.config.ts. A malformed non-empty Host or X-Forwarded-* value still goes
 * through the proxy, before Next.js reads it.
 */

/** The route's own handler, after the Host check the proxy would have made. */
export function hostChecked<A extends unknown[]>(
  handler: (request: Request, ...rest: A) => Promise<Response>,
) {
  return async (request: Request, ...rest: A): Promise<Response> =>
    malformedHostResponse(request.headers, new URL(request.url).pathname) ??
    handler(request, ...rest);
}

/** A method the route does not have: the 405 problem with Allow, as the proxy answers it. */
export function methodNotAllowed(request: Request): Response {
  const { pathname } = new URL(request.url);
  return (
    malformedHostResponse(request.headers, pathname) ??
    unroutedResponse(request.method, pathname, request.headers.get("accept")) ??
    problem("method_not_allowed", `${pathname} does not answer ${request.method}.`, {
      instance: pathname,
    })
  );
}

/** OPTIONS: the CORS preflight's answer, as the proxy gives it on every other route. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: PREFLIGHT_HEADERS });
}
