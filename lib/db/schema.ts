import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ATTEMPT_STATUSES, type AttemptStatus } from "@/lib/jobs/attempt-status";
import { JOB_STATUSES, type JobStatus } from "@/lib/jobs/state-machine";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/payments/payment-status";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { REFUND_STATUSES, type RefundStatus } from "@/lib/refunds/refund-status";
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from "@/lib/webhooks/webhook-status";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** An idempotency key is held while its request runs, then keeps the answer to replay. */
export const IDEMPOTENCY_STATES = ["in_flight", "completed"] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];
/** `header`: the spec's Idempotency-Key; `payment`: x402's payment-identifier. */
export const IDEMPOTENCY_KINDS = ["header", "payment"] as const;
export type IdempotencyKind = (typeof IDEMPOTENCY_KINDS)[number];

/**
 * The database refuses a state the code does not know: a CHECK built from the code's own list.
 * Literals, not parameters, so drizzle-kit writes them into the migration.
 */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`);

/** A record kept once per job, with a status: one row per job, looked up by status, states checked. */
const oncePerJobWithStatus = (
  table: string,
  t: { jobId: AnyPgColumn; status: AnyPgColumn },
  statuses: readonly string[],
) => [
  uniqueIndex(`${table}_job_uq`).on(t.jobId),
  index(`${table}_status_idx`).on(t.status),
  oneOf(`${table}_status_check`, t.status, statuses),
];

export type JobError = { code: string; message: string; retryable: boolean };

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey(),
    sku: text("sku").notNull(),
    status: text("status").$type<JobStatus>().notNull(),
    spec: jsonb("spec").$type<GenerationSpec>().notNull(),
    payer: text("payer").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "number" }).notNull(),
    network: text("network").notNull(),
    attempts: integer("attempts").notNull().default(0),
    seed: bigint("seed", { mode: "number" }),
    framesPerSecond: real("frames_per_second"),
    videoKey: text("video_key"),
    videoExpiresAt: ts("video_expires_at"),
    error: jsonb("error").$type<JobError>(),
    /** When the workflow should look at the job next; null once terminal. */
    runAfter: ts("run_after"),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    queuedAt: ts("queued_at"),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("jobs_status_idx").on(t.status),
    index("jobs_run_after_idx").on(t.runAfter).where(sql`${t.runAfter} is not null`),
    index("jobs_payer_active_idx").on(t.payer, t.status),
    index("jobs_finished_at_idx").on(t.finishedAt),
    index("jobs_video_expiry_idx").on(t.videoExpiresAt).where(sql`${t.videoKey} is not null`),
    index("jobs_succeeded_recent_idx").on(t.finishedAt).where(sql`${t.status} = 'succeeded'`),
    oneOf("jobs_status_check", t.status, JOB_STATUSES),
    // Queue position: only the queued jobs are in it, so a count stays as small as the queue.
    index("jobs_queued_order_idx").on(t.queuedAt).where(sql`${t.status} = 'queued'`),
    // A wallet's history, newest first.
    index("jobs_payer_created_idx").on(t.payer, t.createdAt, t.id),
  ],
);

/** The columns every per-job record opens with: its own id and the job it belongs to. */
const ofJob = () => ({
  id: uuid("id").primaryKey(),
  jobId: uuid("job_id")
    .notNull()
    .references(() => jobs.id),
});

export const payments = pgTable(
  "payments",
  {
    ...ofJob(),
    payer: text("payer").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "number" }).notNull(),
    network: text("network").notNull(),
    asset: text("asset").notNull(),
    payTo: text("pay_to").notNull(),
    /** EIP-3009 authorization nonce: one authorization pays for one job, ever. */
    nonce: text("nonce").notNull(),
    validBefore: bigint("valid_before", { mode: "number" }).notNull(),
    payload: jsonb("payload").notNull(),
    requirements: jsonb("requirements").notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    transaction: text("transaction"),
    failureReason: text("failure_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    settledAt: ts("settled_at"),
    /** The signed offer-receipt receipt, issued once when the settlement is first reported. */
    receipt: jsonb("receipt"),
  },
  (t) => [
    uniqueIndex("payments_authorization_uq").on(t.network, t.payer, t.nonce),
    ...oncePerJobWithStatus("payments", t, PAYMENT_STATUSES),
  ],
);

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

export const attempts = pgTable(
  "attempts",
  {
    ...ofJob(),
    number: integer("number").notNull(),
    provider: text("provider").notNull(),
    taskId: text("task_id"),
    status: text("status").$type<AttemptStatus>().notNull(),
    error: jsonb("error").$type<JobError>(),
    startedAt: ts("started_at").notNull().defaultNow(),
    endedAt: ts("ended_at"),
    /** When the upstream's video was ready and the service began storing it. */
    storingAt: ts("storing_at"),
  },
  (t) => [
    uniqueIndex("attempts_job_number_uq").on(t.jobId, t.number),
    oneOf("attempts_status_check", t.status, ATTEMPT_STATUSES),
  ],
);

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); each row hashes its predecessor. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts("at").notNull(),
    type: text("type").notNull(),
    jobId: uuid("job_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [index("audit_events_job_idx").on(t.jobId)],
);

/** Jobs per status, kept by a trigger on jobs so /status costs the same at any table size. */
export const jobStatusCounts = pgTable(
  "job_status_counts",
  {
    status: text("status").$type<JobStatus>().primaryKey(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (t) => [oneOf("job_status_counts_status_check", t.status, JOB_STATUSES)],
);

/**
 * Sliding-window request log shared by every server process (the Postgres limit store): per key,
 * the times (epoch ms) of the requests counted in the last window, and whether the latest
 * request was counted. One row per key, so one upsert serialises concurrent hits on its lock.
 */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  hits: bigint("hits", { mode: "number" }).array().notNull(),
  allowed: boolean("allowed").notNull(),
});

/** Content-policy rejections per client (hashed IP), for the abuse block. */
export const ipRejections = pgTable(
  "ip_rejections",
  {
    id: uuid("id").primaryKey(),
    ipHash: text("ip_hash").notNull(),
    at: ts("at").notNull(),
  },
  (t) => [index("ip_rejections_ip_at_idx").on(t.ipHash, t.at)],
);

export const ipBlocks = pgTable("ip_blocks", {
  ipHash: text("ip_hash").primaryKey(),
  blockedUntil: ts("blocked_until").notNull(),
});

/**
 * One refund per job, ever (unique job_id). The signed transaction is recorded BEFORE it is
 * broadcast, so after a crash the same transaction is looked up or re-sent, never a second one.
 */
export const refunds = pgTable(
  "refunds",
  {
    ...ofJob(),
    payer: text("payer").notNull(),
    amountAtomic: bigint("amount_atomic", { mode: "number" }).notNull(),
    status: text("status").$type<RefundStatus>().notNull(),
    reason: text("reason").notNull(),
    transaction: text("transaction"),
    rawTransaction: text("raw_transaction"),
    walletNonce: integer("wallet_nonce"),
    createdAt: ts("created_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
    confirmedAt: ts("confirmed_at"),
  },
  (t) => oncePerJobWithStatus("refunds", t, REFUND_STATUSES),
);

/**
 * Per SKU and provider, the most recent attempts that ended, kept by a trigger on attempts so
 * /status and the ETA read a handful of short rows at any table size. `outcomes` has one letter
 * per attempt, oldest first: s/f succeeded/failed, upper case when the attempt took the job
 * over after another provider's attempt failed (a failover). `durations_ms`: the succeeded ones.
 */
export const providerWindows = pgTable(
  "provider_windows",
  {
    sku: text("sku").notNull(),
    provider: text("provider").notNull(),
    outcomes: text("outcomes").notNull(),
    durationsMs: integer("durations_ms").array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sku, t.provider] })],
);

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

/**
 * Sign-in nonces already spent. A nonce is issued statelessly (HMAC-signed, lib/wallet-auth), so
 * asking for challenges writes nothing; a proof's use inserts its nonce here, once (primary key),
 * and the row is pruned after the nonce expires, when the nonce is refused anyway.
 */
export const walletProofNonces = pgTable(
  "wallet_proof_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("wallet_proof_nonces_expires_idx").on(t.expiresAt)],
);

/**
 * Side effects of a state change (announce it, queue its webhook), written in the transaction that
 * made the change, so they happen if and only if it commits. A dispatcher claims undispatched rows
 * (skipping locked ones, so any number of processes run one) and marks each dispatched in the
 * transaction its handler ran in; a failing handler leaves the row for `next_attempt_at`.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text("topic").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    dispatchedAt: ts("dispatched_at"),
  },
  (t) => [
    // Only what is still to do is indexed: dispatched rows never slow the claim.
    index("outbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.dispatchedAt} is null`),
  ],
);
