import { Readable, Transform } from "node:stream";
import { ProviderFailure, type ProviderError, type VideoDownload } from "@/lib/providers/types";

/** HTTP plumbing shared by the hosted upstreams: timeouts, error mapping, checked downloads. */

export async function upstreamFetch(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError";
    throw new ProviderFailure({
      code: timedOut ? "upstream_timeout" : "upstream_unreachable",
      message: timedOut ? "The upstream did not answer in time." : "The upstream could not be reached.",
      retryable: true,
    });
  }
}

/** Maps an upstream HTTP failure to a payer-safe error; `moderated` says the prompt was refused upstream. */
export function httpFailure(status: number, code: string | undefined, moderated: boolean, retryableHint?: boolean): ProviderError {
  if (moderated) return { code: "content_rejected_upstream", message: "The upstream's moderation refused this prompt.", retryable: false };
  if (status === 401 || status === 403) return { code: "upstream_auth", message: "The upstream refused our credentials.", retryable: false };
  if (status === 429) return { code: "upstream_busy", message: "The upstream is rate limiting or overloaded.", retryable: true };
  if (status >= 500) return { code: "upstream_error", message: `The upstream failed (HTTP ${status}).`, retryable: true };
  return { code: code ? `upstream_${code.replace(/[^A-Za-z0-9]+/g, "_").toLowerCase()}`.slice(0, 64) : "upstream_rejected", message: `The upstream rejected the request (HTTP ${status}).`, retryable: retryableHint ?? false };
}

const BROKEN = { code: "broken_video", message: "The upstream delivered a broken video.", retryable: true };

/** Streams a finished video, refusing anything that does not start like an MP4 (an `ftyp` box). */
export async function checkedDownload(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<VideoDownload> {
  const res = await upstreamFetch(fetchImpl, url, {}, timeoutMs);
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !res.body || !(type.startsWith("video/") || type.startsWith("application/octet-stream") || type === "")) {
    throw new ProviderFailure(BROKEN);
  }
  let head = Buffer.alloc(0);
  let checked = false;
  const check = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (!checked) {
        head = Buffer.concat([head, chunk]);
        if (head.length < 8) return done();
        checked = true;
        if (head.subarray(4, 8).toString("latin1") !== "ftyp") return done(new ProviderFailure(BROKEN));
        return done(null, head);
      }
      done(null, chunk);
    },
    flush(done) {
      done(checked ? null : new ProviderFailure(BROKEN));
    },
  });
  const size = Number(res.headers.get("content-length"));
  return { body: Readable.fromWeb(res.body as never).pipe(check), contentType: "video/mp4", size: Number.isFinite(size) && size > 0 ? size : null };
}
