import { Readable } from "node:stream";
import { problem } from "@/lib/api/problem";
import { openLocalVideo } from "@/lib/storage/local-store";
import { checkVideoLink } from "@/lib/storage/url-signing";

type Range = { start: number; end: number } | "unsatisfiable" | null;

/** One `bytes=` range (a-b, a-, -n); anything else is served whole. */
export function parseRange(header: string | null, size: number): Range {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end: number;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** GET/HEAD /videos/{key}?expires&sig: checks the link, then streams the file with Range support. */
export async function serveVideo(request: Request, key: string, deps: { dir: string; secret: string; now?: Date }): Promise<Response> {
  const url = new URL(request.url);
  const now = deps.now ?? new Date();
  const check = checkVideoLink(deps.secret, key, url.searchParams.get("expires"), url.searchParams.get("sig"), now);
  if (check === "forged") return problem("link_invalid", "This download link is not valid.");
  if (check === "expired") return problem("link_expired", "This download link has expired.");
  const video = await openLocalVideo(deps.dir, key).catch(() => null);
  if (!video) return problem("not_found", "This video no longer exists.");

  const maxAge = Math.max(0, Number(url.searchParams.get("expires")) - Math.floor(now.getTime() / 1000));
  const headers = new Headers({
    "content-type": "video/mp4",
    "accept-ranges": "bytes",
    "cache-control": `private, max-age=${maxAge}`,
    "content-disposition": `${url.searchParams.get("download") === "1" ? "attachment" : "inline"}; filename="${key}.mp4"`,
    etag: `"${video.size.toString(16)}-${Math.floor(video.mtimeMs).toString(16)}"`,
  });
  const range = parseRange(request.headers.get("range"), video.size);
  if (range === "unsatisfiable") {
    headers.set("content-range", `bytes */${video.size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: video.size - 1 };
  headers.set("content-length", String(end - start + 1));
  if (range) headers.set("content-range", `bytes ${start}-${end}/${video.size}`);
  const status = range ? 206 : 200;
  if (request.method === "HEAD" || video.size === 0) return new Response(null, { status, headers });
  return new Response(Readable.toWeb(video.stream(start, end)) as ReadableStream, { status, headers });
}
