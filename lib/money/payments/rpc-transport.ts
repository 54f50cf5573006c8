import http from "node:http";
import https from "node:https";
import { type HttpTransport, type HttpTransportConfig, http as httpTransport } from "viem";

// One pool of kept-alive connections per protocol for every chain RPC of the process.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

// An RPC answer larger than this is refused unread; viem's own limit is the same 10 MiB.
const MAX_BODY_BYTES = 10 * 1024 * 1024;
// Statuses whose answer has no body (a Response built with one throws).
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * viem's HTTP JSON-RPC transport, sending through node:http over kept-alive connections instead
 * of the global fetch. Inside the Next.js server the global fetch is Next's wrapper (a tracing
 * span and cache bookkeeping on every call), and undici's fetch builds a Request, its Headers and
 * a body stream per call: together most of the CPU of a settlement's nine or so RPC calls. viem
 * keeps everything else (retries, timeouts, batching, errors).
 */
export function rpcTransport(url?: string, config: HttpTransportConfig = {}): HttpTransport {
  return httpTransport(url, { ...config, fetchFn: rpcFetch });
}

/** The part of fetch viem's transport uses: a POST of a JSON body, answered with a Response. */
function rpcFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new TypeError(`RPC URL must be http(s), got ${url.protocol}`));
  if (init.body != null && typeof init.body !== "string")
    return Promise.reject(new TypeError("an RPC request body is a JSON string"));
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const send = secure ? https.request : http.request;
    const request = send(
      url,
      {
        method: init.method ?? "POST",
        headers: headerRecord(init.headers),
        agent: secure ? agents.https : agents.http,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES)
            response.destroy(new Error(`RPC answer larger than ${MAX_BODY_BYTES} bytes`));
          else chunks.push(chunk);
        });
        response.on("error", reject);
        response.on("end", () => {
          const headers = new Headers();
          const raw = response.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2)
            headers.append(raw[i] ?? "", raw[i + 1] ?? "");
          const status = response.statusCode ?? 502;
          try {
            resolve(
              new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
                status,
                statusText: response.statusMessage ?? "",
                headers,
              }),
            );
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", reject);
    request.end(init.body ?? undefined);
  });
}

/** viem hands a plain record; anything else fetch accepts is read through Headers. */
function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  if (!headers) return {};
  if (!(headers instanceof Headers) && !Array.isArray(headers)) return headers;
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    record[key] = value;
  });
  return record;
}
