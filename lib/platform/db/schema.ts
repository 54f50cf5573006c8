import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE); each row hashes its predecessor in
 * its lane (one of AUDIT_LANES chains; the rows from before lanes are lane 0).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // No default: a writer that does not know the lanes (an instance of an earlier release still
    // running) is refused rather than forking lane 0. The migration made the rows before it lane 0.
    lane: smallint("lane").notNull(),
    at: ts("at").notNull(),
    type: text("type").notNull(),
    jobId: uuid("job_id"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_events_job_idx").on(t.jobId),
    index("audit_events_lane_idx").on(t.lane, t.id),
    // 64 is AUDIT_LANES (lib/platform/audit/lanes.ts): the verifier walks exactly these lanes.
    check("audit_events_lane_range", sql`${t.lane} >= 0 and ${t.lane} < 64`),
  ],
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
