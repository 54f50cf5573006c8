import type { Transitions } from "@/lib/platform";

/** A delivery waits (pending), was accepted with a 2xx (delivered), or was given up on (dead). */
export const DELIVERY_STATUSES = ["pending", "delivered", "dead"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A failed attempt that will be retried stays pending; delivered and dead are final. */
export const DELIVERY_TRANSITIONS: Transitions<DeliveryStatus> = {
  pending: ["pending", "delivered", "dead"],
  delivered: [],
  dead: [],
};

/** What a job's subscriber hears about: each terminal status, and a refund landing on chain. */
export const WEBHOOK_EVENTS = [
  "job.succeeded",
  "job.failed",
  "job.cancelled",
  "refund.confirmed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
