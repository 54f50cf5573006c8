import type { Transitions } from "@/lib/platform";

/** A refund: `pending` → `sent` → `confirmed`; `manual` when the operator must act. */
export const REFUND_STATUSES = ["pending", "sent", "confirmed", "manual"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** sent → pending only to re-sign once another transaction took the nonce (see send-refund.ts). */
export const REFUND_TRANSITIONS: Transitions<RefundStatus> = {
  pending: ["sent"],
  sent: ["confirmed", "manual", "pending"],
  confirmed: [],
  manual: [],
};
