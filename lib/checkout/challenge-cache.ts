import type { PaymentRequired } from "@x402/core/types";
import { recentPromises } from "@/lib/platform";

// A quote's challenge is answered from memory for this long. Its signed offers were made at most
// this long ago, so each stays valid for maxTimeoutSeconds less at most these few seconds.
const REUSE_MS = 5_000;
// Resource URLs follow the Host a client sends: a bound, so made-up hosts cannot grow the map.
const MAX_ENTRIES = 2_000;

const challenges = recentPromises<PaymentRequired>(REUSE_MS, MAX_ENTRIES);

/**
 * The 402 challenge for one quote (product, price, resource URL), built once and shared by every
 * unpaid request for it in the next REUSE_MS: building it signs an offer per network and
 * declares the discovery schemas, which is most of what an unpaid request would otherwise cost.
 * Nothing in it depends on who asks; a payment is always checked against requirements built
 * afresh. A failed build is not served to the next caller.
 */
export function cachedChallenge(
  key: string,
  build: () => Promise<PaymentRequired>,
  now = Date.now(),
): Promise<PaymentRequired> {
  return challenges(key, build, now);
}
