import type { LimitStore } from "@/lib/limits/limit-store";

export type IpGuardConfig = {
  postsPerMinute: number;
  abuseBlock: { rejections: number; windowSeconds: number; blockSeconds: number };
};

export type IpVerdict =
  | { allowed: true; headers: Record<string, string> }
  | {
      allowed: false;
      code: "rate_limited" | "ip_blocked";
      retryAfterSeconds: number;
      headers: Record<string, string>;
    };

const MINUTE = 60_000;

/**
 * The first check a generation POST meets (guarded-checkout.ts), before its body is read or any
 * payment looked at: at most postsPerMinute POSTs from one IP in any 60 s (a sliding window),
 * whatever happens to them later; a blocked IP or a full window gets 429. Refused POSTs take no
 * place in the window, so a blocked client's attempts only read it. A request another
 * site's page made is also held by its own block (`blockKey`, see cross-site.ts).
 */
export async function checkIp(
  store: LimitStore,
  ipHash: string,
  cfg: IpGuardConfig,
  now = new Date(),
  blockKey = ipHash,
): Promise<IpVerdict> {
  // One round trip: every unpaid request passes here, and on PGlite every statement queues.
  const { hit, blockedUntil } = await store.guard(
    `posts:${ipHash}`,
    cfg.postsPerMinute,
    MINUTE,
    now,
    blockKey === ipHash ? [ipHash] : [ipHash, blockKey],
  );
  const resetSeconds = Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
  // IETF RateLimit header fields draft: the policy, then what is left of it.
  const headers = {
    "RateLimit-Policy": `"default";q=${cfg.postsPerMinute};w=60`,
    RateLimit: `"default";r=${Math.max(0, cfg.postsPerMinute - hit.count)};t=${resetSeconds}`,
  };
  if (blockedUntil) {
    return {
      allowed: false,
      code: "ip_blocked",
      retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)),
      headers,
    };
  }
  if (!hit.allowed)
    return { allowed: false, code: "rate_limited", retryAfterSeconds: resetSeconds, headers };
  return { allowed: true, headers };
}

/** Counts a content-policy rejection; enough of them in the window block the key (an IP, or an IP for one site). Returns the block's end. */
export async function recordContentRejection(
  store: LimitStore,
  ipHash: string,
  cfg: IpGuardConfig,
  now = new Date(),
): Promise<Date | null> {
  const { rejections, windowSeconds, blockSeconds } = cfg.abuseBlock;
  const recent = await store.addRejection(ipHash, windowSeconds * 1000, now);
  if (recent < rejections) return null;
  const until = new Date(now.getTime() + blockSeconds * 1000);
  await store.block(ipHash, until);
  return until;
}
