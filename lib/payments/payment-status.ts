/** A payment: verified before settling; `unknown` until the chain tells whether it settled. */
export const PAYMENT_STATUSES = ["verified", "settled", "failed", "unknown"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
