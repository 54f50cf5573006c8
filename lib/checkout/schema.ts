import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { oneOf, ts } from "@/lib/platform";
import { jobs } from "@/lib/jobs";

/** An idempotency key is held while its request runs, then keeps the answer to replay. */
export const IDEMPOTENCY_STATES = ["in_flight", "completed"] as const;

export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/** `header`: the spec's Idempotency-Key; `payment`: x402's payment-identifier. */
export const IDEMPOTENCY_KINDS = ["header", "payment"] as const;

export type IdempotencyKind = (typeof IDEMPOTENCY_KINDS)[number];

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    kind: text("kind").$type<IdempotencyKind>().notNull().default("header"),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** payment keys: a fingerprint of the whole signed payment payload. */
    payloadHash: text("payload_hash"),
    jobId: uuid("job_id").references(() => jobs.id),
    state: text("state").$type<IdempotencyState>().notNull(),
    response: jsonb("response"),
    /** The settlement answered with the response, replayed as its PAYMENT-RESPONSE. */
    paymentResponse: jsonb("payment_response"),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
    index("idempotency_keys_job_idx").on(t.jobId),
    oneOf("idempotency_keys_state_check", t.state, IDEMPOTENCY_STATES),
    oneOf("idempotency_keys_kind_check", t.kind, IDEMPOTENCY_KINDS),
  ],
);
