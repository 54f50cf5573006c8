import { Readable } from "node:stream";
import { problem } from "@/lib/http/api/problem";
import {
  assertSafeKey,
  BODY_LENGTH_HEADER,
  checkVideoLink,
  isPosterKey,
  openLocalVideo,
} from "@/lib/media";

type Range = { start: number; end: number } | "unsatisfiable" | null;

/**
 * One `bytes=` range (a-b, a-, -n). Anything else (multi-range, garbage, last < first) is
 * ignored and the whole file served, as RFC 9110 allows.
 */
export function parseRange(header: string | null, size: number): Range {
  const m = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === "" ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (last < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(last, size - 1) };
}

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** GET/HEAD /videos/{key}?expires&sig[&download=1]: checks the link, then streams the file with Range support. */
export async function serveVideo(
  request: Request,
  key: string,
  deps: { dir: string; secret: string; now?: Date },
): Promise<Response> {
  const url = new URL(request.url);
  const now = deps.now ?? new Date();
  const expires = url.searchParams.get("expires");
  const check = checkVideoLink(deps.secret, key, expires, url.searchParams.get("sig"), now);
  if (check === "forged") return problem("link_invalid", "This download link is not valid.");
  if (check === "expired") return problem("link_expired", "This download link has expired.");
  const video = isSafeKey(key) ? await openLocalVideo(deps.dir, key) : null;
  if (!video) return problem("not_found", "This video no longer exists.");

  const poster = isPosterKey(key);
  const etag = `"${video.size.toString(16)}-${Math.floor(video.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "content-type": poster ? "image/jpeg" : "video/mp4",
    "accept-ranges": "bytes",
    // A browser may reuse it only while the link itself is valid.
    "cache-control": `private, max-age=${Math.max(0, Number(expires) - Math.floor(now.getTime() / 1000))}`,
    "content-disposition": `${url.searchParams.get("download") === "1" ? "attachment" : "inline"}; filename="${key}.${poster ? "jpg" : "mp4"}"`,
    "x-content-type-options": "nosniff",
    etag,
  });
  // A resumed download of a file that changed since must restart from zero, not splice two versions.
  const ifRange = request.headers.get("if-range");
  const range =
    ifRange !== null && ifRange !== etag
      ? null
      : parseRange(request.headers.get("range"), video.size);
  if (range === "unsatisfiable") {
    await video.close();
    headers.set("content-range", `bytes */${video.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: video.size - 1 };
  // Next.js strips Content-Length from route responses; the HTTP server restores it from ours.
  headers.set("content-length", String(end - start + 1));
  headers.set(BODY_LENGTH_HEADER, String(end - start + 1));
  if (range) headers.set("content-range", `bytes ${start}-${end}/${video.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || video.size === 0) {
    await video.close();
    return new Response(null, { status, headers });
  }
  // toWeb pulls on demand, so a slow client holds at most a few chunks in memory, never the file.
  return new Response(Readable.toWeb(video.stream(start, end)) as ReadableStream<Uint8Array>, {
    status,
    headers,
  });
}
