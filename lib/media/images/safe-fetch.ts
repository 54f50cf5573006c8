import { lookup } from "node:dns/promises";
import type http from "node:http";
import { isIP } from "node:net";
import { isPublicAddress, pinnedRequest, RefusalError } from "@/lib/platform";

export type SafeFetchOptions = {
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  /**
   * "host:port" origins fetched even though they resolve to private addresses, and over http
   * (IMAGE_FETCH_ALLOW_HOSTS, for tests and private deployments). Every other hop, a redirect
   * out of an allowed origin included, is vetted as usual.
   */
  allowHosts?: ReadonlySet<string>;
  /** DNS, replaceable in unit tests; the real one reads /etc/hosts and the resolver. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
};

const refused = (why: string) =>
  new RefusalError("image_fetch_refused", `The image URL was refused: ${why}.`);
const failed = (why: string) =>
  new RefusalError("image_fetch_failed", `The image could not be fetched: ${why}.`);

/**
 * GETs a user-supplied URL without letting it reach anything private: each hop's name is resolved
 * here, every address vetted, and the connection made to the vetted address itself (so a second,
 * rebinding DNS answer is never used). Redirects are followed by hand and vetted the same way.
 */
export async function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions,
): Promise<{ bytes: Buffer; contentType: string | null; finalUrl: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = parseUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const target = await vet(url, options);
    const response = await request(url, target, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      if (hop >= (options.maxRedirects ?? 3)) throw failed("too many redirects");
      url = parseUrl(new URL(response.headers.location, url).toString());
      continue;
    }
    if (status !== 200) {
      response.destroy();
      throw failed(`the server answered ${status}`);
    }
    const bytes = await readCapped(response, options.maxBytes, signal);
    return {
      bytes,
      contentType: response.headers["content-type"] ?? null,
      finalUrl: url.toString(),
    };
  }
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused("not a valid URL");
  }
  if (url.username || url.password) throw refused("URLs with credentials are not fetched");
  return url;
}

function originKey(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

async function vet(
  url: URL,
  options: SafeFetchOptions,
): Promise<{ address: string; family: number }> {
  const allowed = options.allowHosts?.has(originKey(url)) ?? false;
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:"))
    throw refused("only https URLs are fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (
        options.resolve ?? ((h: string) => lookup(h, { all: true, verbatim: true }))
      )(host);
    } catch {
      throw failed("its host name does not resolve");
    }
  }
  const first = addresses[0];
  if (!first) throw failed("its host name does not resolve");
  // One private answer taints the name: a client picking among them must never land on it.
  if (!allowed && addresses.some((a) => !isPublicAddress(a.address)))
    throw refused("it points to a private, loopback or otherwise non-public address");
  return first;
}

function request(
  url: URL,
  target: { address: string; family: number },
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers = {
      accept: "image/jpeg, image/png, image/webp",
      "user-agent": "reel402-image-fetch",
    };
    const req = pinnedRequest(url, target, { method: "GET", headers, signal }, resolve);
    req.on("error", () =>
      reject(signal.aborted ? failed("it took too long") : failed("the connection failed")),
    );
    req.end();
  });
}

function readCapped(
  response: http.IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(
      new RefusalError("image_too_large", `Images are limited to ${maxBytes} bytes.`),
    );
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Rejected before destroying: destroy() reports the stream as aborted, and the first settlement wins.
        reject(new RefusalError("image_too_large", `Images are limited to ${maxBytes} bytes.`));
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on("end", () => resolve(Buffer.concat(chunks)));
    response.on("error", () =>
      reject(signal.aborted ? failed("it took too long") : failed("the download was interrupted")),
    );
    response.on("aborted", () => reject(failed("the download was interrupted")));
  });
}
