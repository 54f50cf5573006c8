import { appendAudit, auditedTransaction, type Db } from "@/lib/platform";
import type { JobError } from "@/lib/jobs/schema";
import {
  type AttemptRow,
  endAttempt,
  latestAttempt,
  listAttempts,
  markAttemptRunning,
  markAttemptStoring,
  markOrphaned,
  startAttempt,
} from "@/lib/jobs/attempt-repository";
import { chooseProvider } from "@/lib/jobs/next-provider";
import {
  DEFAULT_BUSY_MS,
  markProviderBusy,
  markProviderDown,
  markProviderUp,
  PROVIDER_DOWN_MS,
  providerHealthRows,
} from "@/lib/jobs/provider-health-repository";
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
  type ProviderError,
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

/**
 * One idempotent step of a job, decided from the database alone; safe to repeat after a crash.
 * Given a row, it is the job as the caller's lease claim returned it, current under that lease.
 */
export async function advance(deps: AdvanceDeps, which: JobRow | string): Promise<AdvanceResult> {
  const job = typeof which === "string" ? await getJob(deps.db, which) : which;
  if (!job) throw new Error(`no job ${which}`);
  const later = (ms: number): AdvanceResult => ({
    status: job.status,
    next: new Date(Date.now() + ms),
  });
  if (isTerminal(job.status) || job.status === "pending_settlement")
    return { status: job.status, next: null };
  if (job.status === "queued") return startAndSubmit(deps, job);

  const attempt = await latestAttempt(deps.db, job.id);
  if (!attempt || attempt.status === "failed") return submitNext(deps, job);
  if (attempt.status === "succeeded") return later(deps.pollIntervalMs);

  const provider = deps.providers.find((p) => p.name === attempt.provider);
  if (!provider) {
    await endAttempt(deps.db, attempt, "failed", {
      code: "provider_unavailable",
      message: "The upstream is no longer configured.",
      retryable: true,
    });
    return later(0);
  }
  if (attempt.status === "submitting" || !attempt.taskId)
    return findLostSubmit(deps, job, attempt, provider);

  const taskId = attempt.taskId;
  const elapsed = Date.now() - attempt.startedAt.getTime();
  if (elapsed > deps.attemptDeadlineMs) {
    // Past the deadline the task is dropped if the upstream still can. One that renders on bills
    // on whatever we do, so it is waited for (its end may even be the video) rather than a second
    // upstream paid beside it, until its execution limit has surely passed.
    if ((await provider.cancel(taskId)) === "stopped") {
      await endAttempt(deps.db, attempt, "failed", TIMED_OUT);
      return later(0);
    }
    if (elapsed > attemptOutlastMs(deps, provider)) {
      if (await endAttempt(deps.db, attempt, "failed", TIMED_OUT)) {
        await markOrphaned(deps.db, attempt.id);
        console.error(
          `[reel402] attempt ${attempt.id} on ${attempt.provider} outlived its execution limit; its task is left to the upkeep`,
        );
      }
      return later(0);
    }
  }
  try {
    const polled = await provider.poll(taskId);
    if (polled.state === "running") return later(pollDelayMs(deps, attempt, provider));
    if (polled.state === "failed") {
      await endAttempt(deps.db, attempt, "failed", polled.error);
      await noteProviderFault(deps.db, attempt.provider, polled.error);
      return later(0);
    }
    const screening = { ...SCREENING_DEFAULTS, ...deps.screening };
    // The first time the video was ready, kept across repeats: the give-up clock of screening.
    const readySince = attempt.storingAt ?? new Date();
    await markAttemptStoring(deps.db, attempt);
    const download = await provider.download(taskId, polled.videoUrl);
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
      return submitNext(deps, job);
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
      return submitNext(deps, job);
    }
    await auditedTransaction(deps.db, job.id, async (tx) => {
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
    // A transient status look-up error is retried until the attempt's deadline, no sooner than
    // the upstream asked.
    if (error.detail.retryable && error.detail.code !== "broken_video" && !error.detail.fault)
      return later(Math.max(pollDelayMs(deps, attempt, provider), error.detail.retryAfterMs ?? 0));
    await endAttempt(deps.db, attempt, "failed", error.detail);
    await noteProviderFault(deps.db, attempt.provider, error.detail);
    return later(0);
  }
}

const TIMED_OUT: JobError = {
  code: "upstream_timeout",
  message: "The upstream did not finish in time.",
  retryable: true,
};

const INTERRUPTED: JobError = {
  code: "interrupted",
  message: "The submission was interrupted.",
  retryable: true,
};

/** Past an upstream's own execution limit, how long its last word on a task may take to arrive. */
const UPSTREAM_MARGIN_MS = 60_000;

/**
 * How long after its start an attempt is waited for at most: until the execution limit its
 * upstream actually applies has passed (the task renders and bills no more), or, for an upstream
 * that takes none, a grace past the deadline; a task still running then is left to the upkeep.
 */
export function attemptOutlastMs(
  deps: Pick<AdvanceDeps, "attemptDeadlineMs">,
  provider: Pick<VideoProvider, "executionLimitSeconds">,
): number {
  const limit = provider.executionLimitSeconds(Math.ceil(deps.attemptDeadlineMs / 1000));
  if (limit === null) return deps.attemptDeadlineMs + Math.max(30_000, deps.attemptDeadlineMs / 4);
  return Math.max(deps.attemptDeadlineMs, limit * 1000) + UPSTREAM_MARGIN_MS;
}

/**
 * How long until a running task is looked at again. Polls thin out as the task ages: upstreams
 * that call back wake the job when it ends, so for them polling is only the safety net.
 */
export function pollDelayMs(
  deps: AdvanceDeps,
  attempt: AttemptRow,
  provider: VideoProvider,
  now = Date.now(),
): number {
  const callsBack =
    provider.readCallback !== undefined && deps.callbackUrlOf(provider.name, attempt.id) !== null;
  const cap = Math.max(deps.pollIntervalMs, callsBack ? 60_000 : 15_000);
  return Math.min(cap, Math.max(deps.pollIntervalMs, (now - attempt.startedAt.getTime()) / 20));
}

/** An upstream that refused our account or model is marked down, where an operator will see it. */
async function noteProviderFault(db: Db, provider: string, error: ProviderError): Promise<void> {
  if (error.fault === "account") {
    await markProviderDown(db, provider, `${error.code}: ${error.message}`);
    console.error(
      `[reel402] provider ${provider} is down for ${PROVIDER_DOWN_MS / 1000} s, jobs fail over: ${error.code}: ${error.message}`,
    );
  } else if (error.code === "upstream_busy") {
    await markProviderBusy(
      db,
      provider,
      new Date(Date.now() + (error.retryAfterMs ?? DEFAULT_BUSY_MS)),
    );
  }
}

/**
 * An attempt still `submitting` when a step begins: the process that submitted it died, or the
 * upstream's answer never came. The task may exist and bill, so the upstream is asked before
 * anything is submitted again; when it cannot tell, the step is repeated later, until whatever the
 * submit created has surely passed the execution limit it was given.
 */
async function findLostSubmit(
  deps: AdvanceDeps,
  job: JobRow,
  attempt: AttemptRow,
  provider: VideoProvider,
): Promise<AdvanceResult> {
  const later = (ms: number): AdvanceResult => ({
    status: job.status,
    next: new Date(Date.now() + ms),
  });
  try {
    const found = await provider.findSubmitted(attemptContext(deps, job, attempt));
    if (found) {
      if (!(await markAttemptRunning(deps.db, attempt.id, found.taskId)))
        await provider.cancel(found.taskId);
      return later(0);
    }
    await endAttempt(deps.db, attempt, "failed", INTERRUPTED, "submitting");
    return later(0);
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    if (Date.now() - attempt.startedAt.getTime() > attemptOutlastMs(deps, provider)) {
      await endAttempt(deps.db, attempt, "failed", INTERRUPTED, "submitting");
      return later(0);
    }
    return later(Math.max(deps.pollIntervalMs, error.detail.retryAfterMs ?? 0));
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

/**
 * A queued job starts when its wallet has room, and its first attempt is written in the same
 * transaction and sent in this same call. A queued job has no attempts yet (they are made only
 * while it generates), so its first upstream is chosen from the providers' health alone.
 */
async function startAndSubmit(deps: AdvanceDeps, job: JobRow): Promise<AdvanceResult> {
  const begun = await startIfWalletHasRoom(
    deps.db,
    job,
    deps.activeJobsPerWallet,
    async (tx, started) => {
      const health = await providerHealthRows(tx);
      const choice = chooseProvider(deps.providers, [], health, deps.maxAttempts);
      // No upstream to send it to now: it waits, or fails, as any generating job would.
      if (choice.kind !== "submit") return { started, first: null };
      const attempt = await startAttempt(tx, job.id, 1, choice.provider.name);
      return { started, first: { attempt, provider: choice.provider, health } };
    },
  );
  if (!begun) return { status: job.status, next: new Date(Date.now() + WALLET_WAIT_MS) };
  const { started, first } = begun;
  if (!first) return submitNext(deps, started);
  return submitAttempt(deps, started, first.attempt, first.provider, first.health);
}

async function submitNext(deps: AdvanceDeps, job: JobRow): Promise<AdvanceResult> {
  const history = await listAttempts(deps.db, job.id);
  const health = await providerHealthRows(deps.db);
  const choice = chooseProvider(deps.providers, history, health, deps.maxAttempts);
  if (choice.kind === "give-up")
    return failJob(deps, job, history.at(-1)?.error ?? null, history.length);
  if (choice.kind === "wait") return { status: job.status, next: choice.until };
  const provider = choice.provider;
  const attempt = await startAttempt(deps.db, job.id, history.length + 1, provider.name);
  return submitAttempt(deps, job, attempt, provider, health);
}

/** Sends a recorded attempt to its upstream and records the task, or what the upstream answered. */
async function submitAttempt(
  deps: AdvanceDeps,
  job: JobRow,
  attempt: AttemptRow,
  provider: VideoProvider,
  health: Awaited<ReturnType<typeof providerHealthRows>>,
): Promise<AdvanceResult> {
  try {
    const { taskId } = await provider.submit(job.spec, attemptContext(deps, job, attempt));
    if (!(await markAttemptRunning(deps.db, attempt.id, taskId))) {
      // Another runner took the job over meanwhile and moved on: this task is nobody's, so it must
      // not render too; one the upstream will not drop is left to the upkeep.
      if ((await provider.cancel(taskId)) === "running") await markOrphaned(deps.db, attempt.id);
    }
    // Only a provider marked down needs the write; one marked since the read stays down for its window.
    if (health.some((h) => h.provider === provider.name && h.downUntil))
      await markProviderUp(deps.db, provider.name);
    return { status: job.status, next: new Date(Date.now() + deps.pollIntervalMs) };
  } catch (error) {
    const detail: ProviderError =
      error instanceof ProviderFailure
        ? error.detail
        : {
            code: "upstream_error",
            message: "The upstream could not be reached.",
            retryable: true,
            outcomeUnknown: true,
          };
    // The task may exist: the attempt stays `submitting` and the next step asks the upstream.
    if (detail.outcomeUnknown)
      return { status: job.status, next: new Date(Date.now() + deps.pollIntervalMs) };
    await endAttempt(deps.db, attempt, "failed", detail);
    await noteProviderFault(deps.db, provider.name, detail);
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
  await auditedTransaction(deps.db, job.id, async (tx) => {
    const failed = await changeStatus(tx, job.id, "generating", "failed", {
      error,
      finishedAt: new Date(),
      runAfter: null,
    });
    await deps.onFinished?.(tx, failed);
  });
  return { status: "failed", next: null };
}
