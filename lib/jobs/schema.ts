import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ATTEMPT_STATUSES, type AttemptStatus } from "@/lib/jobs/attempt-status";
import { JOB_STATUSES, type JobStatus } from "@/lib/jobs/state-machine";
import type { GenerationSpec } from "@/lib/catalog";
import type { ProviderError } from "@/lib/jobs/providers/types";
import { oneOf, ts } from "@/lib/platform";

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
export const ofJob = () => ({
  id: uuid("id").primaryKey(),
  jobId: uuid("job_id")
    .notNull()
    .references(() => jobs.id),
});

export const attempts = pgTable(
  "attempts",
  {
    ...ofJob(),
    number: integer("number").notNull(),
    provider: text("provider").notNull(),
    taskId: text("task_id"),
    status: text("status").$type<AttemptStatus>().notNull(),
    /** As the upstream adapter reported it, with what decided the next attempt (fault, wait). */
    error: jsonb("error").$type<ProviderError>(),
    startedAt: ts("started_at").notNull().defaultNow(),
    endedAt: ts("ended_at"),
    /** When the upstream's video was ready and the service began storing it. */
    storingAt: ts("storing_at"),
    /**
     * Set when the attempt ended while its upstream task might still render (and bill): the
     * upkeep asks the upstream until the task is over, then sets `orphanSettledAt`.
     */
    orphanedAt: ts("orphaned_at"),
    orphanSettledAt: ts("orphan_settled_at"),
  },
  (t) => [
    uniqueIndex("attempts_job_number_uq").on(t.jobId, t.number),
    oneOf("attempts_status_check", t.status, ATTEMPT_STATUSES),
    index("attempts_open_orphans_idx")
      .on(t.orphanedAt)
      .where(sql`${t.orphanedAt} is not null and ${t.orphanSettledAt} is null`),
  ],
);

/**
 * What the service currently knows of each upstream beyond single attempts: down (it refused our
 * account or model; other providers are tried first until `downUntil`) or busy (it asked us to
 * wait, `Retry-After`; nothing is submitted to it before `busyUntil`).
 */
export const providerHealth = pgTable("provider_health", {
  provider: text("provider").primaryKey(),
  downUntil: ts("down_until"),
  downReason: text("down_reason"),
  busyUntil: ts("busy_until"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** How many rows each status's count is spread over: see `jobStatusCounts`. */
export const STATUS_COUNT_SHARDS = 16;

/**
 * Jobs per status, kept by a trigger on jobs so /status costs the same at any table size. Each
 * status's count is the sum of its shards: a transaction adds to the shard of its connection
 * (backend pid), so payers on different connections never wait on one counter row.
 */
export const jobStatusCounts = pgTable(
  "job_status_counts",
  {
    status: text("status").$type<JobStatus>().notNull(),
    shard: smallint("shard").notNull().default(0),
    count: bigint("count", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.status, t.shard] }),
    oneOf("job_status_counts_status_check", t.status, JOB_STATUSES),
    check(
      "job_status_counts_shard_range",
      sql`${t.shard} >= 0 and ${t.shard} < ${sql.raw(String(STATUS_COUNT_SHARDS))}`,
    ),
  ],
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
