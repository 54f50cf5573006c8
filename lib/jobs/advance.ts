import { appendAudit, auditedTransaction, type Db } from "@/lib/platform";
import type { JobError } from "@/lib/jobs/schema";
import {
  type AttemptRow,
  endAttempt,
  latestAttempt,
  markAttemptRunning,
  markAttemptStoring,
  startAttempt,
} from "@/lib/jobs/attempt-repository";
import { changeStatus, getJob, type JobRow, startIfWalletHasRoom } from "@/lib/jobs/repository";
import { withheldMessage } from "@/lib/jobs/output-policy";
import {
  type DeliveredVideoScreener,
  screenAndStoreVideo,
  screenDeliveredVideo,
  type VideoScreening,
} from "@/lib/jobs/screen-delivered-video";
import { isTerminal, type JobStatus } from "@/lib/jobs/state-machine";
import {
  type AttemptContext,
  ProviderFailure,
  type VideoProvider,
} from "@/lib/jobs/providers/types";
import type { VideoStore } from "@/lib/media";

export type AdvanceDeps = {
  db: Db;
  /** In failover order: attempt n runs on providers[(n - 1) % length]. */
  providers: readonly VideoProvider[];
  store: VideoStore;
  activeJobsPerWallet: number;
  maxAttempts: number;
  attemptDeadlineMs: number;
  pollIntervalMs: number;
  videoTtlMs: number;
  /** Called inside the finishing transaction, so what it records commits with the outcome. */
  onFinished?: (tx: Db, job: JobRow) => Promise<void>;
  /** Output screening of every delivered video; the defaults are production's. */
  screening?: Partial<ScreeningDeps>;
  /** The upstream's identifier of a payer: a keyed hash of the wallet, never the address. */
  endUserOf: (payer: string) => string;
  /** Where an upstream reports an attempt's end; null when the service has no public origin. */
  callbackUrlOf: (provider: VideoProvider["name"], attemptId: string) => string | null;
};

/** What an attempt's upstream calls carry beside the spec. */
export function attemptContext(
  deps: AdvanceDeps,
  job: JobRow,
  attempt: AttemptRow,
): AttemptContext {
  return {
    attemptId: attempt.id,
    startedAt: attempt.startedAt,
    endUser: deps.endUserOf(job.payer),
    callbackUrl: deps.callbackUrlOf(attempt.provider as VideoProvider["name"], attempt.id),
    executionLimitSeconds: Math.ceil(deps.attemptDeadlineMs / 1000),
  };
}

type ScreeningDeps = {
  screen: DeliveredVideoScreener;
  /** A screening that could not tell is tried again after this long... */
  retryMs: number;
  /** ...until this long after the video was first ready: then the job fails and is refunded. */
  giveUpMs: number;
};

export const SCREENING_DEFAULTS: ScreeningDeps = {
  screen: screenDeliveredVideo,
  retryMs: 5_000,
  giveUpMs: 10 * 60_000,
};

/** Job error codes of a video the upstream delivered but the service did not release. */
export const OUTPUT_POLICY_CODE = "output_content_policy";
export const OUTPUT_UNSCREENED_CODE = "output_unscreened";

/** `next`: when to call advance again; null once nothing more will happen without outside input. */
export type AdvanceResult = { status: JobStatus; next: Date | null };

const WALLET_WAIT_MS = 500;

/** One idempotent step of a job, decided from the database alone; safe to repeat after a crash. */
export async function advance(deps: AdvanceDeps, jobId: string): Promise<AdvanceResult> {
  const job = await getJob(deps.db, jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  const later = (ms: number): AdvanceResult => ({
    status: job.status,
    next: new Date(Date.now() + ms),
  });
  if (isTerminal(job.status) || job.status === "pending_settlement")
    return { status: job.status, next: null };
  if (job.status === "queued") {
    return (await startIfWalletHasRoom(deps.db, job, deps.activeJobsPerWallet))
      ? { status: "generating", next: new Date() }
      : later(WALLET_WAIT_MS);
  }

  const attempt = await latestAttempt(deps.db, job.id);
  if (!attempt || attempt.status === "failed") return submitNext(deps, job, attempt);
  if (attempt.status === "submitting") {
    // The process died between recording the attempt and hearing back from the upstream.
    await endAttempt(
      deps.db,
      attempt,
      "failed",
      { code: "interrupted", message: "The submission was interrupted.", retryable: true },
      "submitting",
    );
    return later(0);
  }
  if (attempt.status !== "running" || !attempt.taskId) return later(deps.pollIntervalMs);

  const provider = deps.providers.find((p) => p.name === attempt.provider);
  if (!provider) {
    await endAttempt(deps.db, attempt, "failed", {
      code: "provider_unavailable",
      message: "The upstream is no longer configured.",
      retryable: true,
    });
    return later(0);
  }
  if (Date.now() - attempt.startedAt.getTime() > deps.attemptDeadlineMs) {
    await provider.cancel(attempt.taskId).catch(() => undefined);
    await endAttempt(deps.db, attempt, "failed", {
      code: "upstream_timeout",
      message: "The upstream did not finish in time.",
      retryable: true,
    });
    return later(0);
  }
  try {
    const polled = await provider.poll(attempt.taskId);
    if (polled.state === "running") return later(deps.pollIntervalMs);
    if (polled.state === "failed") {
      await endAttempt(deps.db, attempt, "failed", polled.error);
      return later(0);
    }
    const screening = { ...SCREENING_DEFAULTS, ...deps.screening };
    // The first time the video was ready, kept across repeats: the give-up clock of screening.
    const readySince = attempt.storingAt ?? new Date();
    await markAttemptStoring(deps.db, attempt);
    const download = await provider.download(attempt.taskId, polled.videoUrl);
    // Nothing is released unscreened: the video is stored only once its frames passed, and the
    // job succeeds (its URL exists) only after that. A crash anywhere here repeats the whole step.
    const screened = await screenAndStoreVideo(
      { store: deps.store, screen: screening.screen },
      job.id,
      job.spec,
      download.body,
    );
    await appendAudit(deps.db, "video.screened", job.id, auditOf(attempt, screened));
    if (screened.verdict === "withheld") {
      const error: JobError = {
        code: OUTPUT_POLICY_CODE,
        message: withheldMessage(screened.category),
        retryable: false,
      };
      await endAttempt(deps.db, attempt, "failed", error);
      return submitNext(deps, job, { ...attempt, status: "failed", error });
    }
    if (screened.verdict === "unknown") {
      if (Date.now() - readySince.getTime() < screening.giveUpMs) return later(screening.retryMs);
      // Final: another attempt would pay an upstream again for a check that is failing here.
      const error: JobError = {
        code: OUTPUT_UNSCREENED_CODE,
        message:
          "The generated video could not be checked against the content policy in time, so it was not released.",
        retryable: false,
      };
      await endAttempt(deps.db, attempt, "failed", error);
      return submitNext(deps, job, { ...attempt, status: "failed", error });
    }
    await auditedTransaction(deps.db, async (tx) => {
      await endAttempt(tx, attempt, "succeeded", null);
      const done = await changeStatus(tx, job.id, "generating", "succeeded", {
        videoKey: job.id,
        videoExpiresAt: new Date(Date.now() + deps.videoTtlMs),
        seed: polled.seed,
        framesPerSecond: polled.framesPerSecond,
        finishedAt: new Date(),
        runAfter: null,
      });
      await deps.onFinished?.(tx, done);
    });
    return { status: "succeeded", next: null };
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    // A transient status look-up error is retried until the attempt's deadline.
    if (error.detail.retryable && error.detail.code !== "broken_video")
      return later(deps.pollIntervalMs);
    await endAttempt(deps.db, attempt, "failed", error.detail);
    return later(0);
  }
}

function auditOf(attempt: AttemptRow, screened: VideoScreening): Record<string, unknown> {
  const { verdict, ms } = screened;
  const base = { attempt: attempt.number, provider: attempt.provider, verdict, ms };
  if (screened.verdict === "unknown") return { ...base, reason: screened.reason };
  if (screened.verdict === "withheld")
    return { ...base, category: screened.category, frames: screened.frames };
  return { ...base, frames: screened.frames };
}

async function submitNext(
  deps: AdvanceDeps,
  job: JobRow,
  previous: AttemptRow | undefined,
): Promise<AdvanceResult> {
  const done = previous?.number ?? 0;
  const lastError = previous?.error ?? null;
  if (
    done >= deps.maxAttempts ||
    (lastError && !lastError.retryable) ||
    deps.providers.length === 0
  ) {
    return failJob(deps, job, lastError, done);
  }
  const provider = deps.providers[done % deps.providers.length] as VideoProvider;
  const attempt = await startAttempt(deps.db, job.id, done + 1, provider.name);
  try {
    const { taskId } = await provider.submit(job.spec, attemptContext(deps, job, attempt));
    if (!(await markAttemptRunning(deps.db, attempt.id, taskId))) {
      // Another runner took the job over meanwhile and moved on: this task is nobody's, so it must not render too.
      await provider.cancel(taskId).catch(() => undefined);
    }
    return { status: job.status, next: new Date(Date.now() + deps.pollIntervalMs) };
  } catch (error) {
    const detail: JobError =
      error instanceof ProviderFailure
        ? error.detail
        : {
            code: "upstream_error",
            message: "The upstream could not be reached.",
            retryable: true,
          };
    await endAttempt(deps.db, attempt, "failed", detail);
    return { status: job.status, next: new Date() };
  }
}

async function failJob(
  deps: AdvanceDeps,
  job: JobRow,
  lastError: JobError | null,
  attempts: number,
): Promise<AdvanceResult> {
  const error: JobError = {
    code: lastError?.code ?? "generation_failed",
    message: `Generation failed after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${lastError?.message ?? "no upstream is available."}`,
    retryable: lastError?.retryable ?? true,
  };
  await auditedTransaction(deps.db, async (tx) => {
    const failed = await changeStatus(tx, job.id, "generating", "failed", {
      error,
      finishedAt: new Date(),
      runAfter: null,
    });
    await deps.onFinished?.(tx, failed);
  });
  return { status: "failed", next: null };
}
