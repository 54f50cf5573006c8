import { readBodyLimited } from "@/lib/catalog";
import {
  acceptUpstreamCallback,
  type UpstreamCallbackDeps,
  upstreamCallbackPath,
} from "@/lib/jobs";
import { upstreamCallbackDeps } from "@/lib/server";
import { problem } from "@/lib/http/api/problem";

/** Far above any upstream's completion report (a few KB of JSON), far below what would hurt. */
export const CALLBACK_BODY_LIMIT = 256 * 1024;

export type UpstreamCallbackParams = { provider: string; attempt: string; token: string };

// One answer for every callback that names nothing we issued: no hint which part was wrong.
const unknown = () => problem("not_found", "No such callback.");

/**
 * POST /api/upstream/{provider}/{attempt}/{token}: an upstream reports that an attempt's task
 * changed. 204 once taken; the job then asks the upstream itself (see acceptUpstreamCallback).
 * No per-IP guard: a forged URL is refused after one HMAC, before any I/O, which is cheaper
 * than the guard's own count, and the upstreams send every job's callbacks from a few addresses.
 */
export async function upstreamCallbackResponse(
  request: Request,
  params: UpstreamCallbackParams,
  deps?: UpstreamCallbackDeps,
): Promise<Response> {
  const path = upstreamCallbackPath.safeParse({
    provider: params.provider,
    attemptId: params.attempt,
    token: params.token,
  });
  if (!path.success) return unknown();
  const body = await readBodyLimited(request, CALLBACK_BODY_LIMIT);
  if (body === "too_large")
    return problem(
      "callback_too_large",
      `A callback body is at most ${CALLBACK_BODY_LIMIT} bytes.`,
    );
  const outcome = await acceptUpstreamCallback(deps ?? (await upstreamCallbackDeps()), {
    ...path.data,
    headers: request.headers,
    body: new TextDecoder().decode(body),
  });
  if (outcome === "unknown") return unknown();
  if (outcome === "unauthenticated")
    return problem("callback_signature_invalid", "The callback's signature could not be verified.");
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
