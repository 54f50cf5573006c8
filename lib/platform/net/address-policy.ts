import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether a resolved address may be fetched on a user's behalf. Only public unicast passes:
 * a URL must never reach the loopback, the LAN, a cloud metadata service or anything special.
 */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return isPublicV4(v4Number(ip));
  if (isIPv6(ip)) return isPublicV6(ip);
  return false;
}

// [network, prefix length]; everything here is refused.
const V4_BLOCKED: [string, number][] = [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function v4Number(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function isPublicV4(n: number): boolean {
  return !V4_BLOCKED.some(([net, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(net);
    return n >= start && n < start + size;
  });
}

/** Sixteen bytes of an IPv6 address, with "::" expanded and a dotted IPv4 tail converted. */
export function v6Bytes(ip: string): number[] {
  let text = ip.split("%")[0] ?? ""; // a zone id says which interface; never public anyway
  const tail = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (tail) {
    const n = v4Number(tail);
    text = `${text.slice(0, -tail.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.includes("::") ? (text.split("::") as [string, string]) : [text, null];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const groups =
    rest === null ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.flatMap((g) => {
    const v = Number.parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
}

function isPublicV6(ip: string): boolean {
  const bytes = v6Bytes(ip);
  const b = (i: number) => bytes[i] ?? 0;
  const zeroes = (from: number, to: number) => bytes.slice(from, to).every((x) => x === 0);
  const embeddedV4 = (at: number) =>
    b(at) * 2 ** 24 + (b(at + 1) << 16) + (b(at + 2) << 8) + b(at + 3);
  // Forms that carry an IPv4 address are judged by that address: ::ffff:a.b.c.d (mapped),
  // 64:ff9b::a.b.c.d (NAT64), 2002:AABB:CCDD:: (6to4).
  if (zeroes(0, 10) && b(10) === 0xff && b(11) === 0xff) return isPublicV4(embeddedV4(12));
  if (zeroes(0, 12)) return false; // ::, ::1 and the deprecated IPv4-compatible form
  if (b(0) === 0x00 && b(1) === 0x64 && b(2) === 0xff && b(3) === 0x9b)
    return zeroes(4, 12) ? isPublicV4(embeddedV4(12)) : false;
  if (b(0) === 0x20 && b(1) === 0x02) return isPublicV4(embeddedV4(2));
  // Only global unicast (2000::/3) is public; ULA fc00::/7, link-local fe80::/10, multicast ff00::/8 and the rest are not.
  if ((b(0) & 0xe0) !== 0x20) return false;
  if (b(0) === 0x20 && b(1) === 0x01 && b(2) === 0x0d && b(3) === 0xb8) return false; // documentation
  if (b(0) === 0x20 && b(1) === 0x01 && b(2) < 0x02) return false; // 2001::/23 IETF protocol assignments, Teredo
  return true;
}
