import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type DeliveryStatus,
  type WebhookEvent,
} from "@/lib/notify/webhooks/webhook-status";
import { oneOf, ts } from "@/lib/platform";
import { jobs } from "@/lib/jobs";

/** A job's callback, set by the paid POST's Webhook-URL header; the secret is never logged. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  jobId: uuid("job_id")
    .primaryKey()
    .references(() => jobs.id),
  url: text("url").notNull(),
  secret: text("secret").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/**
 * One row per event per job (unique job_id + event), written in the transaction that caused it,
 * so a restart loses none. `lease_until` is a sender's claim: another process skips the row.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id),
    event: text("event").$type<WebhookEvent>().notNull(),
    payload: text("payload").notNull(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    leaseUntil: ts("lease_until"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    deliveredAt: ts("delivered_at"),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_job_event_uq").on(t.jobId, t.event),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    oneOf("webhook_deliveries_status_check", t.status, DELIVERY_STATUSES),
    oneOf("webhook_deliveries_event_check", t.event, WEBHOOK_EVENTS),
  ],
);
