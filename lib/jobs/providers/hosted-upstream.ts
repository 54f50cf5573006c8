import {
  type ImageLoader,
  type PollResult,
  ProviderFailure,
  type ProviderError,
} from "@/lib/jobs/providers/types";
import type { GenerationSpec } from "@/lib/catalog";

/** HTTP plumbing shared by the hosted upstreams (ark, fal): timeouts and payer-safe error mapping. */

export type UpstreamReply = { status: number; ok: boolean; headers: Headers; body: unknown };

/** Settings every hosted upstream takes beside its own addresses. */
export type UpstreamConfig = {
  apiKey: string;
  requestTimeoutMs: number;
  fetch?: typeof fetch;
  loadImage?: ImageLoader;
};

/** JSON requests to one upstream: its credentials on every request, the configured deadline. */
export function upstreamCaller(config: UpstreamConfig, authorization: string) {
  const fetchImpl = config.fetch ?? fetch;
  const headers = { authorization, "content-type": "application/json" };
  return (url: string, init: RequestInit) =>
    requestJson(fetchImpl, url, { ...init, headers }, config.requestTimeoutMs);
}

/** A 2xx reply that does not say what it should: the upstream misbehaved; another try may work. */
export function unreadableReply(message: string): ProviderFailure {
  return new ProviderFailure({ code: "upstream_error", message, retryable: true });
}

/** A task the upstream no longer knows (expired, purged): another attempt may still succeed. */
export const TASK_LOST: ProviderError = {
  code: "upstream_task_lost",
  message: "The upstream no longer knows this task.",
  retryable: true,
};

export const BROKEN_VIDEO: ProviderError = {
  code: "broken_video",
  message: "The upstream delivered a broken video.",
  retryable: true,
};

export const UPSTREAM_TIMEOUT: ProviderError = {
  code: "upstream_timeout",
  message: "The upstream did not answer in time.",
  retryable: true,
};

/**
 * A task the upstream calls finished: its video, or a retryable failure when it sent none
 * (an empty URL counts as none).
 */
export function finishedTask(
  videoUrl: string | null | undefined,
  seed: number | null,
  framesPerSecond: number | null,
): PollResult {
  if (!videoUrl)
    return {
      state: "failed",
      error: {
        code: "broken_video",
        message: "The upstream finished without a video.",
        retryable: true,
      },
    };
  return { state: "succeeded", videoUrl, seed, framesPerSecond };
}

/**
 * Socket errors raised before a request could be written: the connection never opened, so the
 * upstream cannot have received anything (refused, no such host, no route, connect timeout, a
 * certificate it would not present). Anything else may have broken after the request went out.
 */
const NEVER_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

/**
 * The error codes along an error's cause chain: fetch wraps the socket's error in `cause`, and
 * an AggregateError of its address attempts in `errors`. Fetch's own refusal of a blocked port
 * ("bad port", before any socket) counts as never sent too.
 */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, cause, errors, message } = e as {
      code?: unknown;
      cause?: unknown;
      errors?: unknown;
      message?: unknown;
    };
    if (typeof code === "string") codes.push(code);
    if (message === "bad port") codes.push("ECONNREFUSED");
    if (Array.isArray(errors))
      codes.push(...errors.flatMap((x) => errorCodes(x)).filter((c) => NEVER_SENT.has(c)));
    e = cause;
  }
  return codes;
}

/**
 * Thrown errors never reach a payer verbatim: they may carry URLs, keys or stack traces. Every one
 * is an unknown outcome (the request may have reached the upstream before the line broke), except
 * a connection that never opened: then nothing was sent, and the engine may move on at once.
 */
export function networkFailure(error: unknown): ProviderError {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError")
    return { ...UPSTREAM_TIMEOUT, outcomeUnknown: true };
  const neverSent = errorCodes(error).some((code) => NEVER_SENT.has(code));
  return {
    code: "upstream_unreachable",
    message: "The upstream could not be reached.",
    retryable: true,
    ...(neverSent ? {} : { outcomeUnknown: true }),
  };
}

/**
 * One JSON request with a deadline covering the whole exchange (headers and body), so a hung
 * upstream costs at most `timeoutMs`. Non-JSON bodies (HTML error pages) come back as null.
 */
export async function requestJson(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<UpstreamReply> {
  try {
    const res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, ok: res.ok, headers: res.headers, body };
  } catch (error) {
    throw new ProviderFailure(networkFailure(error));
  }
}

export type FailureHints = {
  /** The upstream's moderation refused the prompt or the output. */
  moderated?: boolean;
  /** The upstream's own verdict on retrying, when it gives one. */
  retryable?: boolean;
  /** The upstream's machine-readable error code; only identifier characters are kept. */
  upstreamCode?: string;
  /** The upstream named an account or model problem in its own words (whatever the status). */
  account?: boolean;
  /** From the reply's `Retry-After`. */
  retryAfterMs?: number;
};

/**
 * `Retry-After` as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); absent,
 * unreadable or in the past is undefined. Capped at an hour so a hostile value cannot park a job.
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  return Math.min(ms, 3_600_000);
}

/** Maps an upstream HTTP failure to a payer-safe error. */
export function httpFailure(status: number, hints: FailureHints = {}): ProviderError {
  if (hints.moderated) {
    return {
      code: "content_rejected_upstream",
      message: "The upstream's moderation refused this request.",
      retryable: false,
    };
  }
  const code = hints.upstreamCode?.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 64);
  const tag = code ? `HTTP ${status} ${code}` : `HTTP ${status}`;
  // Key, balance, model activation or an unknown model: our account's problem, never the
  // payer's; another provider can take the job while an operator fixes this one.
  if (status === 401 || status === 402 || status === 403 || hints.account)
    return {
      code: "upstream_account",
      message: `The upstream refused our account or model (${tag}).`,
      retryable: true,
      fault: "account",
    };
  if (status === 429)
    return {
      code: "upstream_busy",
      message: `The upstream is rate limiting or overloaded (${tag}).`,
      retryable: hints.retryable ?? true,
      ...(hints.retryAfterMs !== undefined ? { retryAfterMs: hints.retryAfterMs } : {}),
    };
  if (status === 408 || status >= 500)
    return {
      code: "upstream_error",
      message: `The upstream failed (${tag}).`,
      retryable: hints.retryable ?? true,
      ...(hints.retryAfterMs !== undefined ? { retryAfterMs: hints.retryAfterMs } : {}),
    };
  // Another upstream may well take what this one's own input rules refused.
  return {
    code: "upstream_rejected",
    message: `The upstream rejected the request (${tag}).`,
    retryable: true,
    fault: "request",
  };
}

/** The fast model renders at most 720p on every upstream; refused before anything is sent. */
export function assertSupported(spec: GenerationSpec): void {
  if (spec.model === "alpha-2.0-fast" && spec.resolution === "1080p") {
    throw new ProviderFailure({
      code: "unsupported_resolution",
      message: "alpha-2.0-fast does not render 1080p.",
      retryable: false,
    });
  }
}
