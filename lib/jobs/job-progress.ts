import { sql } from "drizzle-orm";
import type { z } from "zod";
import { jsonRows, outerColumn } from "@/lib/platform";
import type { jobPaymentSchema, jobProgressSchema } from "@/lib/jobs/live-schemas";
import type { AttemptRow } from "@/lib/jobs/attempt-repository";
import { medianSecondsOf } from "@/lib/jobs/provider-window-repository";
import type { JobRow } from "@/lib/jobs/repository";
import { attempts, jobs, providerWindows } from "@/lib/jobs/schema";
import { ACTIVE_STATUSES, isTerminal } from "@/lib/jobs/state-machine";

export type JobProgress = z.infer<typeof jobProgressSchema>;
export type JobPhase = JobProgress["phase"];
export type AttemptHistoryEntry = JobProgress["history"][number];
export type JobPayment = z.infer<typeof jobPaymentSchema>;

const id = outerColumn(jobs.id);
const payer = outerColumn(jobs.payer);
const queuedAt = outerColumn(jobs.queuedAt);
const status = outerColumn(jobs.status);
const queued = sql`${status} = 'queued'`;
const active = sql.raw(ACTIVE_STATUSES.map((s) => `'${s}'`).join(", "));

const generatingOfPayer = sql`(select count(*)::int from jobs g
  where g.payer = ${payer} and g.status = 'generating')`;

/**
 * What a job's progress is computed from, as columns of the one read of the job (prepareFindJobWith):
 * its attempts; for a queued job the counts that place it in line (the wallet's own line only
 * while its `activeJobsPerWallet` slots are taken); for an unfinished job the SKU's recent
 * durations. Each is a primary-key or index look-up (attempts by job, the jobs_payer_active_idx
 * and jobs_queued_order_idx counts, provider_windows by SKU), evaluated only when the job's state
 * needs it: the cost does not grow with the table.
 */
export const progressFacts = (activeJobsPerWallet: number) => ({
  attempts: jsonRows(
    attempts,
    sql`select json_agg(a order by a.number) from attempts a where a.job_id = ${id}`,
  ),
  generatingOfPayer: sql<number | null>`case when ${queued} then ${generatingOfPayer} end`,
  queuedBefore: sql<number | null>`case when ${queued} then (select count(*)::int from jobs q
    where q.status = 'queued' and q.queued_at < ${queuedAt}) end`,
  queuedBeforeOfPayer: sql<number | null>`case
    when ${queued} and ${generatingOfPayer} >= ${activeJobsPerWallet} then (select count(*)::int
    from jobs q where q.status = 'queued' and q.payer = ${payer} and q.queued_at < ${queuedAt}) end`,
  windows: jsonRows(
    providerWindows,
    sql`select json_agg(w) from provider_windows w
      where w.sku = ${outerColumn(jobs.sku)} and ${status} in (${active})`,
  ),
});

type FactColumns = ReturnType<typeof progressFacts>;
export type ProgressFacts = { [K in keyof FactColumns]: FactColumns[K]["_"]["type"] };

/** Where the job stands, from its row and the facts read with it. */
export function progressFrom(
  job: JobRow,
  facts: ProgressFacts,
  activeJobsPerWallet: number,
  now = Date.now(),
): JobProgress {
  const tried = facts.attempts;
  const latest = tried.at(-1);
  const phase = phaseOf(job, latest, facts.generatingOfPayer ?? 0, activeJobsPerWallet);
  return {
    phase,
    queue_position: !QUEUED_PHASES.has(phase) ? null : queuePosition(job, phase, facts),
    eta_seconds: etaSeconds(phase, latest, facts, now),
    history: tried.map((a) => ({
      provider: a.provider,
      started_at: a.startedAt.toISOString(),
      finished_at: a.endedAt?.toISOString() ?? null,
      outcome: a.status as AttemptHistoryEntry["outcome"],
      error_code: a.error?.code ?? null,
    })),
  };
}

/** What the job cost and where it was paid; the settlement transaction once its payment has one. */
export function jobPayment(
  job: JobRow,
  payment: { transaction: string | null } | undefined,
): JobPayment {
  return {
    amount: String(job.amountAtomic),
    network: job.network,
    transaction: payment?.transaction ?? null,
  };
}

function phaseOf(
  job: JobRow,
  latest: AttemptRow | undefined,
  generatingOfPayer: number,
  activeJobsPerWallet: number,
): JobPhase {
  if (isTerminal(job.status)) return "done";
  if (job.status === "pending_settlement") return "settling";
  if (job.status === "queued")
    return generatingOfPayer >= activeJobsPerWallet ? "waiting_for_wallet_slot" : "queued";
  if (latest?.status !== "running") return "submitted";
  return latest.storingAt ? "storing" : "generating";
}

const QUEUED_PHASES = new Set<JobPhase>(["queued", "waiting_for_wallet_slot"]);

/**
 * The place in the line the job waits in: the whole queue, or, while its wallet has no free
 * slot, the wallet's own line (its other queued jobs start before it does).
 */
function queuePosition(job: JobRow, phase: JobPhase, facts: ProgressFacts): number {
  if (!job.queuedAt) return 1;
  const before =
    phase === "waiting_for_wallet_slot" ? facts.queuedBeforeOfPayer : facts.queuedBefore;
  return (before ?? 0) + 1;
}

function etaSeconds(
  phase: JobPhase,
  latest: AttemptRow | undefined,
  facts: ProgressFacts,
  now: number,
): number | null {
  if (phase === "done") return 0;
  const running = latest && (latest.status === "running" || latest.status === "submitting");
  const typical = medianSecondsOf(facts.windows, running ? latest.provider : null);
  if (typical === null) return null;
  const elapsed = running ? (now - latest.startedAt.getTime()) / 1000 : 0;
  return Math.max(0, Math.round(typical - elapsed));
}
