import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";

export type PinnedTarget = { address: string; family: number };

/**
 * An HTTP(S) request to a URL whose address was vetted beforehand: the connection goes to that
 * address (never to a second, rebinding DNS answer) while the certificate is checked against the
 * name and the Host header keeps it. Shared by the image fetcher and the webhook sender.
 */
export function pinnedRequest(
  url: URL,
  target: PinnedTarget,
  init: { method: string; headers: Record<string, string>; signal: AbortSignal },
  onResponse: (response: http.IncomingMessage) => void,
): http.ClientRequest {
  const client = url.protocol === "https:" ? https : http;
  const hostIsName = isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0;
  return client.request(
    {
      host: target.address,
      family: target.family,
      port: url.port || (url.protocol === "https:" ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: init.method,
      ...(hostIsName ? { servername: url.hostname } : {}),
      headers: { host: url.host, ...init.headers },
      agent: false,
      signal: init.signal,
    },
    onResponse,
  );
}
