/**
 * RFC 9457 problem details with a stable `code`: the one place a Refusal becomes an answer, and
 * so the only way the API reports an error.
 */
import {
  PROBLEM_CATALOG,
  type ProblemCode,
  refusal,
  type Refusal,
  type RefusalDetails,
} from "@/lib/platform/edge";
import { NO_STORE } from "@/lib/http/api/json";

export { PROBLEM_CATALOG, type ProblemCode };

/** Where the answer is given: the path it is about, and headers of the route (RateLimit, Allow). */
export type AnswerContext = {
  instance?: string;
  headers?: Record<string, string>;
};

// A refused sign-in names the scheme to answer it with, whichever route refused it.
const CODE_HEADERS: Partial<Record<ProblemCode, Record<string, string>>> = {
  signature_required: { "www-authenticate": 'SIWX realm="reel402"' },
  signature_invalid: { "www-authenticate": 'SIWX realm="reel402"' },
};

/** A refusal as status, headers and serialized body: a Response, or the socket edge's raw answer. */
export function refusalParts(r: Refusal, ctx: AnswerContext = {}) {
  const { status, title } = PROBLEM_CATALOG[r.code];
  const body = {
    type: `/errors#${r.code}`,
    title,
    status,
    detail: r.detail,
    code: r.code,
    ...(ctx.instance ? { instance: ctx.instance } : {}),
    ...(r.category !== undefined ? { category: r.category } : {}),
    ...(r.errors ? { errors: r.errors } : {}),
    ...r.extra,
  };
  const headers: Record<string, string> = {
    ...ctx.headers,
    ...CODE_HEADERS[r.code],
    ...(r.retryAfter !== undefined ? { "retry-after": String(r.retryAfter) } : {}),
    "content-type": "application/problem+json",
    "cache-control": NO_STORE,
  };
  return { status, headers, body: JSON.stringify(body) };
}

export function refusalResponse(r: Refusal, ctx: AnswerContext = {}): Response {
  const { status, headers, body } = refusalParts(r, ctx);
  return new Response(body, { status, headers });
}

/** A refusal decided at the edge itself (a bad Host, an unknown path), answered at once. */
export function problem(
  code: ProblemCode,
  detail: string,
  opts: AnswerContext & { extra?: Record<string, unknown> } = {},
): Response {
  const { extra, ...ctx } = opts;
  const more: RefusalDetails = extra ? { extra } : {};
  return refusalResponse(refusal(code, detail, more), ctx);
}
