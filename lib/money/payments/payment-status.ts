import type { Transitions } from "@/lib/platform";

/** A payment: verified before settling; `unknown` until the chain tells whether it settled. */
export const PAYMENT_STATUSES = ["verified", "settled", "failed", "unknown"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Money that moved stays moved: nothing leaves `settled`. The chain's proof that the transfer
 * landed outranks an earlier `failed` verdict (a slow facilitator answering after the reconciler).
 */
export const PAYMENT_TRANSITIONS: Transitions<PaymentStatus> = {
  verified: ["settled", "failed", "unknown"],
  unknown: ["settled", "failed"],
  failed: ["settled"],
  settled: [],
};
