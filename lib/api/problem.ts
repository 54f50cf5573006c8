/** RFC 9457 problem details with a stable `code`; the only way the API reports an error. */
import { PROBLEM_CATALOG, type ProblemCode, type ProblemError } from "@/lib/errors/problems";

export { PROBLEM_CATALOG, type ProblemCode };

export type ProblemOptions = {
  instance?: string;
  extra?: Record<string, unknown>;
  headers?: HeadersInit;
};

export function problemBody(code: ProblemCode, detail: string, opts: ProblemOptions = {}) {
  const { status, title } = PROBLEM_CATALOG[code];
  return {
    type: `/errors#${code}`,
    title,
    status,
    detail,
    code,
    ...(opts.instance ? { instance: opts.instance } : {}),
    ...opts.extra,
  };
}

export function problem(code: ProblemCode, detail: string, opts: ProblemOptions = {}): Response {
  const body = problemBody(code, detail, opts);
  const headers = new Headers(opts.headers);
  headers.set("content-type", "application/problem+json");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(body), { status: body.status, headers });
}

/** A thrown ProblemError as its problem+json answer. */
export function problemFor(error: ProblemError): Response {
  const { retryAfter, extra } = error.opts;
  return problem(error.code, error.detail, {
    ...(extra ? { extra } : {}),
    ...(retryAfter !== undefined ? { headers: { "Retry-After": String(retryAfter) } } : {}),
  });
}
