import type { z } from "zod";
import type { Db } from "@/lib/platform";
import type { jobPaymentSchema, jobProgressSchema } from "@/lib/jobs/live-schemas";
import { type AttemptRow, listAttempts } from "@/lib/jobs/attempt-repository";
import { recentMedianSeconds } from "@/lib/jobs/provider-window-repository";
import { countGeneratingOfPayer, type JobRow } from "@/lib/jobs/repository";
import { countQueuedBefore } from "@/lib/jobs/stats-repository";
import { isTerminal } from "@/lib/jobs/state-machine";

export type JobProgress = z.infer<typeof jobProgressSchema>;
export type JobPhase = JobProgress["phase"];
export type AttemptHistoryEntry = JobProgress["history"][number];
export type JobPayment = z.infer<typeof jobPaymentSchema>;

/** Every read here is a primary-key or partial-index look-up: the cost does not grow with the table. */
export async function jobProgress(
  db: Db,
  job: JobRow,
  activeJobsPerWallet: number,
): Promise<JobProgress> {
  const tried = await listAttempts(db, job.id);
  const latest = tried.at(-1);
  const phase = await phaseOf(db, job, latest, activeJobsPerWallet);
  return {
    phase,
    queue_position: !QUEUED_PHASES.has(phase) ? null : await queuePosition(db, job, phase),
    eta_seconds: await etaSeconds(db, job, phase, latest),
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

async function phaseOf(
  db: Db,
  job: JobRow,
  latest: AttemptRow | undefined,
  activeJobsPerWallet: number,
): Promise<JobPhase> {
  if (isTerminal(job.status)) return "done";
  if (job.status === "pending_settlement") return "settling";
  if (job.status === "queued") {
    const generating = await countGeneratingOfPayer(db, job.payer);
    return generating >= activeJobsPerWallet ? "waiting_for_wallet_slot" : "queued";
  }
  if (latest?.status !== "running") return "submitted";
  return latest.storingAt ? "storing" : "generating";
}

const QUEUED_PHASES = new Set<JobPhase>(["queued", "waiting_for_wallet_slot"]);

/**
 * The place in the line the job waits in: the whole queue, or, while its wallet has no free
 * slot, the wallet's own line (its other queued jobs start before it does).
 */
async function queuePosition(db: Db, job: JobRow, phase: JobPhase): Promise<number> {
  if (!job.queuedAt) return 1;
  const payer = phase === "waiting_for_wallet_slot" ? job.payer : undefined;
  return (await countQueuedBefore(db, job.queuedAt, payer)) + 1;
}

async function etaSeconds(
  db: Db,
  job: JobRow,
  phase: JobPhase,
  latest: AttemptRow | undefined,
): Promise<number | null> {
  if (phase === "done") return 0;
  const running = latest && (latest.status === "running" || latest.status === "submitting");
  const typical = await recentMedianSeconds(db, job.sku, running ? latest.provider : null);
  if (typical === null) return null;
  const elapsed = running ? (Date.now() - latest.startedAt.getTime()) / 1000 : 0;
  return Math.max(0, Math.round(typical - elapsed));
}
