import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import { ProviderFailure } from "@/lib/jobs/providers/types";

/**
 * The hosts @fal-ai/client 1.10.1 builds its URLs on: `https://queue.fal.run/…` for the queue
 * (request.ts buildUrl with subdomain "queue") and `https://rest.fal.ai/storage/upload/…` for
 * uploads (config.ts getRestApiUrl; older clients used rest.alpha.fal.ai).
 */
export const FAL_QUEUE_ORIGIN = "https://queue.fal.run";
export const FAL_REST_ORIGINS = ["https://rest.fal.ai", "https://rest.alpha.fal.ai"] as const;

/** A non-2xx fal reply, kept whole: status, headers (for `Retry-After`) and parsed body. */
export class FalReply extends Error {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  constructor(status: number, headers: Headers, body: unknown) {
    super(`fal answered HTTP ${status}`);
    this.name = "FalReply";
    this.status = status;
    this.headers = headers;
    this.body = body;
  }
}

export type FalTransportConfig = {
  queueBaseUrl: string;
  restBaseUrl: string;
  requestTimeoutMs: number;
  fetch?: typeof fetch;
};

const trimmed = (url: string) => url.replace(/\/+$/, "");

/**
 * The `fetch` the fal client is given. It points fal's hosts at the configured bases (a fake in
 * tests), keeps the API key to those bases, bounds every exchange by the configured deadline, and
 * turns failures into errors the client does not retry: the client's own retry (queue.ts
 * QUEUE_RETRY_CONFIG, retry.ts) sleeps up to minutes inside one call, ignores `Retry-After`, and
 * re-sends a submit whose answer was lost, which can bill a second render. The engine owns
 * retries, with `Retry-After` and the lost-submit look-up.
 */
export function falTransport(config: FalTransportConfig): typeof fetch {
  const fetchImpl = config.fetch ?? fetch;
  const queueBase = trimmed(config.queueBaseUrl);
  const restBase = trimmed(config.restBaseUrl);
  const keyOrigins = new Set([new URL(queueBase).origin, new URL(restBase).origin]);

  const rewrite = (url: string): string => {
    const { origin } = new URL(url);
    const rest = url.slice(origin.length);
    if (origin === FAL_QUEUE_ORIGIN) return queueBase + rest;
    if ((FAL_REST_ORIGINS as readonly string[]).includes(origin)) return restBase + rest;
    return url;
  };

  return (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const target = rewrite(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init.headers);
    // Upload URLs (fal's CDN, signed) and anything else never see the key.
    if (!keyOrigins.has(new URL(target).origin)) headers.delete("authorization");
    const { mode: _mode, ...rest } = init;
    const deadline = AbortSignal.timeout(config.requestTimeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(target, { ...rest, headers, signal });
      text = await res.text();
    } catch (error) {
      throw new ProviderFailure(hosted.networkFailure(error));
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) throw new FalReply(res.status, res.headers, body);
    // The body was read under the deadline; the client gets it back whole.
    const nullBody = res.status === 204 || res.status === 205 || res.status === 304;
    return new Response(nullBody ? null : text, { status: res.status, headers: res.headers });
  }) as typeof fetch;
}
