import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "./columns";

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
