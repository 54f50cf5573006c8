import { problem } from "@/lib/http/api/problem";

const PORT = /^[0-9]{1,5}$/;
const NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?$/;
const IP_LITERAL = /^\[[0-9A-Fa-f:.]+\]$/;

/** RFC 9110 `uri-host [ ":" port ]`, ASCII only: a name, an IPv4 address or a bracketed IPv6 one. */
function isHostAndPort(value: string): boolean {
  if (value.length === 0 || value.length > 261) return false;
  const colon = value.lastIndexOf(":");
  const hasPort = colon > value.lastIndexOf("]");
  const host = hasPort ? value.slice(0, colon) : value;
  const port = hasPort ? value.slice(colon + 1) : null;
  if (port !== null && !(PORT.test(port) && Number(port) <= 65535)) return false;
  if (IP_LITERAL.test(host)) return URL.canParse(`http://${host}/`);
  return NAME.test(host) && host.length <= 255;
}

const list = (value: string) => value.split(",").map((part) => part.trim());

/**
 * The 400 for a request whose Host (or X-Forwarded-Host / -Proto) is not a valid value, as RFC
 * 9112 asks of a server; null for any well-formed one. Nothing is built from these headers (links
 * and identity come from the configured origin), so a foreign but well-formed Host is served.
 */
export function malformedHostResponse(headers: Headers, pathname: string): Response | null {
  const host = headers.get("host");
  const forwardedHost = headers.get("x-forwarded-host");
  const forwardedProto = headers.get("x-forwarded-proto");
  const bad =
    host !== null && !isHostAndPort(host)
      ? "Host"
      : forwardedHost !== null && !list(forwardedHost).every(isHostAndPort)
        ? "X-Forwarded-Host"
        : forwardedProto !== null && !list(forwardedProto).every((p) => /^https?$/i.test(p))
          ? "X-Forwarded-Proto"
          : null;
  if (!bad) return null;
  return problem("invalid_host", `The ${bad} header is not a valid value.`, {
    instance: pathname,
  });
}
