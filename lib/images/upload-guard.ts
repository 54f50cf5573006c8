import { guardedHit } from "@/lib/limits/ip-guard";
import type { LimitStore } from "@/lib/limits/limit-store";

export type UploadVerdict =
  | { allowed: true }
  | { allowed: false; code: "rate_limited" | "ip_blocked"; retryAfterSeconds: number };

/**
 * Uploads are free, so they have their own per-IP budget (a separate counter from generation
 * POSTs, the same sliding window); an address blocked for repeated refusals is held here too.
 */
export async function checkUploadRate(
  store: LimitStore,
  ipHash: string,
  blockKey: string,
  perMinute: number,
  now = new Date(),
): Promise<UploadVerdict> {
  const { refusal } = await guardedHit(
    store,
    `uploads:${ipHash}`,
    perMinute,
    ipHash,
    blockKey,
    now,
  );
  return refusal ? { allowed: false, ...refusal } : { allowed: true };
}
