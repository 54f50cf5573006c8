import type { PaymentRequired } from "@x402/core/types";

// A quote's challenge is answered from memory for this long. Its signed offers were made at most
// this long ago, so each stays valid for maxTimeoutSeconds less at most these few seconds.
const REUSE_MS = 5_000;
// Resource URLs follow the Host a client sends: a bound, so made-up hosts cannot grow the map.
const MAX_ENTRIES = 2_000;

type Entry = { at: number; required: Promise<PaymentRequired> };
const entries = new Map<string, Entry>();

/**
 * The 402 challenge for one quote (product, price, resource URL), built once and shared by every
 * unpaid request for it in the next REUSE_MS: building it signs an offer per network and
 * declares the discovery schemas, which is most of what an unpaid request would otherwise cost.
 * Nothing in it depends on who asks; a payment is always checked against requirements built
 * afresh.
 */
export function cachedChallenge(
  key: string,
  build: () => Promise<PaymentRequired>,
  now = Date.now(),
): Promise<PaymentRequired> {
  const hit = entries.get(key);
  if (hit && now - hit.at < REUSE_MS) return hit.required;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, e] of entries) if (now - e.at >= REUSE_MS) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.clear();
  }
  const required = build();
  entries.set(key, { at: now, required });
  // A failed build is not served to the next caller.
  required.catch(() => entries.get(key)?.required === required && entries.delete(key));
  return required;
}
