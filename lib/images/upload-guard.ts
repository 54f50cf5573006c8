import type { LimitStore } from "@/lib/limits/limit-store";

const MINUTE = 60_000;

export type UploadVerdict =
  | { allowed: true }
  | { allowed: false; code: "rate_limited" | "ip_blocked"; retryAfterSeconds: number };

/**
 * Uploads are free, so they have their own per-IP budget (a separate counter from generation
 * POSTs); an address blocked for repeated refusals is held here too.
 */
export async function checkUploadRate(
  store: LimitStore,
  ipHash: string,
  blockKey: string,
  perMinute: number,
  now = new Date(),
): Promise<UploadVerdict> {
  const [ipBlocked, siteBlocked] = await Promise.all([
    store.blockedUntil(ipHash, now),
    blockKey === ipHash ? null : store.blockedUntil(blockKey, now),
  ]);
  const blockedUntil = [ipBlocked, siteBlocked].reduce<Date | null>(
    (a, b) => (b && (!a || b > a) ? b : a),
    null,
  );
  if (blockedUntil)
    return {
      allowed: false,
      code: "ip_blocked",
      retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)),
    };
  // Sliding window, like generation POSTs: at most perMinute uploads in any 60 s; refused ones take no place.
  const hit = await store.hit(`uploads:${ipHash}`, perMinute, MINUTE, now);
  if (!hit.allowed)
    return {
      allowed: false,
      code: "rate_limited",
      retryAfterSeconds: Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)),
    };
  return { allowed: true };
}
