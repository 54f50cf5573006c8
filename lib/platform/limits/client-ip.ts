import { isIPv4, isIPv6 } from "node:net";

/**
 * The address a client is counted under: the socket peer (handed over by our server in
 * x-reel402-peer), or the left-most X-Forwarded-For entry only when a trusted proxy in front sets
 * it (TRUST_PROXY=true) and it is an IP address at all; anything else falls back to the peer, so
 * a client cannot mint a fresh counter per request with made-up strings.
 */
export function clientIp(headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0];
    const parsed = forwarded === undefined ? null : limitAddress(forwarded);
    if (parsed) return parsed;
  }
  return limitAddress(headers.get("x-reel402-peer") ?? "") ?? "unknown";
}

/**
 * One client's address as the limits count it, or null when `raw` is not an IP address: IPv4 as
 * is (IPv4-mapped IPv6 included), IPv6 grouped by its /64, since one subscriber is handed a whole
 * /64 and could otherwise take a new counter for every request. Accepts the forms proxies write:
 * brackets, a port after an IPv4 or a bracketed IPv6, a zone id.
 */
export function limitAddress(raw: string): string | null {
  let text = raw.trim();
  if (text.length === 0 || text.length > 100) return null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const v4Port = /^([\d.]+):(\d{1,5})$/.exec(text);
  const port = bracketed?.[2] ?? v4Port?.[2];
  if (port !== undefined && Number(port) > 65_535) return null;
  if (bracketed?.[1]) text = bracketed[1];
  else if (v4Port?.[1]) text = v4Port[1];
  // A zone id names the sender's interface, not the sender.
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return null;
  const groups = expandIpv6(text);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail included). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split(".").map(Number);
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...left, ...Array<number>(missing).fill(0), ...right];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
