export type { CheckoutInput } from "./checkout";
export { guardedCheckout, type GuardedCheckout } from "./guarded-checkout";
export { jobCreatedSchema } from "./job-created-schema";
export type { CheckoutOutcome } from "./outcome";
export { reconcilePayments } from "./settlement/reconcile";
export type { Settler } from "./settlement/settle-stale";
