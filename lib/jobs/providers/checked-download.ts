import { Readable } from "node:stream";
import {
  BROKEN_VIDEO,
  networkFailure,
  UPSTREAM_TIMEOUT,
} from "@/lib/jobs/providers/hosted-upstream";
import { ProviderFailure, type VideoDownload } from "@/lib/jobs/providers/types";

/**
 * Follows the top-level MP4 boxes as bytes stream past, keeping only the current box header, so
 * a non-MP4 body fails at its first 8 bytes and a cut-off file fails at its end, even when the
 * server announced a length that matches the cut.
 */
export class Mp4BoxWalker {
  private seen = 0;
  private nextBox = 0;
  private header: number[] = [];
  private runsToEnd = false;
  private readonly types = new Set<string>();

  /** Returns false as soon as the bytes cannot be an MP4. */
  push(chunk: Uint8Array): boolean {
    let i = 0;
    while (i < chunk.length && !this.runsToEnd) {
      const at = this.seen + i;
      if (at < this.nextBox) {
        i += Math.min(chunk.length - i, this.nextBox - at);
        continue;
      }
      this.header.push(chunk[i] as number);
      i++;
      if (this.header.length === 8 || this.header.length === 16) {
        if (!this.readHeader()) return false;
      }
    }
    this.seen += chunk.length;
    return true;
  }

  /** True when the bytes ended exactly on a box boundary and held ftyp, moov and mdat. */
  complete(): boolean {
    const aligned = this.runsToEnd || (this.header.length === 0 && this.seen === this.nextBox);
    return aligned && ["ftyp", "moov", "mdat"].every((t) => this.types.has(t));
  }

  private readHeader(): boolean {
    const bytes = Buffer.from(this.header);
    const size32 = bytes.readUInt32BE(0);
    const type = bytes.toString("latin1", 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type) || (this.types.size === 0 && type !== "ftyp")) return false;
    if (size32 === 1 && bytes.length === 8) return true; // a 64-bit size follows
    const size = size32 === 1 ? Number(bytes.readBigUInt64BE(8)) : size32;
    this.types.add(type);
    this.header = [];
    if (size32 === 0) {
      this.runsToEnd = true;
      return true;
    }
    if (size < (size32 === 1 ? 16 : 8)) return false;
    this.nextBox += size;
    return true;
  }
}

const VIDEO_TYPE = /^(video\/|application\/octet-stream|binary\/octet-stream)/i;

/**
 * Streams a finished video from an unauthenticated URL (signed CDN links: the upstream key is
 * never sent along). `timeoutMs` bounds the wait for headers and any stall between chunks, not
 * the whole transfer, so a large file on a slow link still arrives.
 */
export async function checkedDownload(
  fetchImpl: typeof fetch,
  url: string,
  timeoutMs: number,
): Promise<VideoDownload> {
  const abort = new AbortController();
  let stalled = false;
  let timer = setTimeout(() => abort.abort(), timeoutMs);
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      abort.abort();
    }, timeoutMs);
  };
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: abort.signal });
  } catch (error) {
    clearTimeout(timer);
    throw new ProviderFailure(networkFailure(error));
  }
  const length = Number(res.headers.get("content-length") ?? Number.NaN);
  if (
    res.status !== 200 ||
    !res.body ||
    !VIDEO_TYPE.test(res.headers.get("content-type") ?? "") ||
    length === 0
  ) {
    clearTimeout(timer);
    await res.body?.cancel().catch(() => undefined);
    throw new ProviderFailure(BROKEN_VIDEO);
  }

  const reader = res.body.getReader();
  const walker = new Mp4BoxWalker();
  let received = 0;
  const next = async (): Promise<Uint8Array | null> => {
    rearm();
    try {
      const { done, value } = await reader.read();
      if (done) return null;
      received += value.length;
      if (!walker.push(value)) throw new ProviderFailure(BROKEN_VIDEO);
      return value;
    } catch (error) {
      if (error instanceof ProviderFailure) throw error;
      throw new ProviderFailure(stalled ? UPSTREAM_TIMEOUT : BROKEN_VIDEO);
    }
  };

  // Peek before handing the stream over, so an HTML page or error blob fails here rather than
  // half-way into storage.
  const head: Uint8Array[] = [];
  try {
    while (received < 8) {
      const chunk = await next();
      if (!chunk) throw new ProviderFailure(BROKEN_VIDEO);
      head.push(chunk);
    }
  } catch (error) {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
    throw error;
  }

  async function* rest() {
    try {
      yield* head;
      for (let chunk = await next(); chunk; chunk = await next()) yield chunk;
      if (!walker.complete() || (Number.isFinite(length) && received !== length))
        throw new ProviderFailure(BROKEN_VIDEO);
    } finally {
      clearTimeout(timer);
      await reader.cancel().catch(() => undefined);
    }
  }
  const size = Number.isFinite(length) && length > 0 ? length : null;
  return { body: Readable.from(rest(), { objectMode: false }), contentType: "video/mp4", size };
}
