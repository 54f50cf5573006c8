/** A refund: `pending` → `sent` → `confirmed`; `manual` when the operator must act. */
export const REFUND_STATUSES = ["pending", "sent", "confirmed", "manual"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
