import type { Hit, LimitStore } from "@/lib/platform/limits/limit-store";

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

/** A guarded hit: the hit itself, and why it was refused when it was. */
export type GuardedHit = {
  hit: Hit;
  refusal: { code: "rate_limited" | "ip_blocked"; retryAfterSeconds: number } | null;
};

const secondsUntil = (then: Date, now: Date) =>
  Math.max(1, Math.ceil((then.getTime() - now.getTime()) / 1000));

/**
 * One sliding-window hit on `key` (at most `limit` in any 60 s) behind the blocks on the client's
 * address and, for a request another site's page made, on its own block (`blockKey`, see
 * cross-site.ts), in one round trip: a blocked client's attempts only read the window, and refused
 * hits take no place in it. Generation POSTs and uploads each count on their own key.
 */
export async function guardedHit(
  store: LimitStore,
  key: string,
  limit: number,
  ipHash: string,
  blockKey: string,
  now: Date,
): Promise<GuardedHit> {
  const { hit, blockedUntil } = await store.guard(
    key,
    limit,
    MINUTE,
    now,
    blockKey === ipHash ? [ipHash] : [ipHash, blockKey],
  );
  if (blockedUntil)
    return {
      hit,
      refusal: { code: "ip_blocked", retryAfterSeconds: secondsUntil(blockedUntil, now) },
    };
  if (!hit.allowed)
    return {
      hit,
      refusal: { code: "rate_limited", retryAfterSeconds: secondsUntil(hit.resetAt, now) },
    };
  return { hit, refusal: null };
}

/**
 * The first check a generation POST or an upload meets (request-guard.ts), before its body is
 * read or any payment looked at: at most postsPerMinute requests from one IP in any 60 s (a
 * sliding window) on the bucket's counter, whatever happens to them later; a blocked IP or a full
 * window gets 429 (guardedHit).
 */
export async function checkIp(
  store: LimitStore,
  ipHash: string,
  cfg: IpGuardConfig,
  now = new Date(),
  blockKey = ipHash,
  bucket: "posts" | "uploads" = "posts",
): Promise<IpVerdict> {
  const { hit, refusal } = await guardedHit(
    store,
    `${bucket}:${ipHash}`,
    cfg.postsPerMinute,
    ipHash,
    blockKey,
    now,
  );
  // IETF RateLimit header fields draft: the policy, then what is left of it.
  const headers = {
    "RateLimit-Policy": `"default";q=${cfg.postsPerMinute};w=60`,
    RateLimit: `"default";r=${Math.max(0, cfg.postsPerMinute - hit.count)};t=${secondsUntil(hit.resetAt, now)}`,
  };
  return refusal ? { allowed: false, ...refusal, headers } : { allowed: true, headers };
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
