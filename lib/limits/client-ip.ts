/**
 * The client's address: the socket peer (handed over by our server in x-reel402-peer), or the
 * left-most X-Forwarded-For entry only when a trusted proxy in front sets it (TRUST_PROXY=true).
 */
export function clientIp(headers: Headers, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return normalise(forwarded);
  }
  const peer = headers.get("x-reel402-peer");
  return peer ? normalise(peer) : "unknown";
}

function normalise(ip: string): string {
  // IPv4 clients on a dual-stack socket arrive as ::ffff:a.b.c.d.
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}
