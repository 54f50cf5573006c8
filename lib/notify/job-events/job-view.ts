import { formatUsd, type GenerationSpec } from "@/lib/catalog";
import type { Db } from "@/lib/platform";
import type { JobRequestView, JobView } from "@/lib/notify/job-events/job-view-schema";
import {
  prepareFindJobWith,
  jobPayment,
  type JobPayment,
  type JobProgress,
  type JobRow,
  jobs,
  progressFacts,
  progressFrom,
} from "@/lib/jobs";
import {
  jobReceipt,
  type PaymentRow,
  paymentOfJob,
  refundOfJob,
  type RefundRow,
} from "@/lib/money";
import { posterKey } from "@/lib/media";
import { type WebhookAttempts, webhookAttemptsOf } from "@/lib/notify/webhooks/events";
import { deliveriesOfJob } from "@/lib/notify/webhooks/repository";

export type VideoUrlSigner = (key: string, expiresAt: Date) => string | Promise<string>;

/** What building a job view needs besides the database. */
export type JobViewContext = {
  /** Signs a link to a stored object (the video, its poster) valid until `expiresAt`. */
  sign: VideoUrlSigner;
  /** The public origin: a receipt names the resource paid for under it. */
  baseUrl: string;
  /** The per-wallet slot count, which decides a queued job's line. */
  activeJobsPerWallet: number;
};

/** What a job view shows besides the job row, read from the other tables. */
export type JobFacts = {
  refund?: RefundRow;
  progress: JobProgress;
  payment: JobPayment;
  /** The payment's row, read once here for the receipt. */
  paymentRow?: PaymentRow;
  webhooks: WebhookAttempts;
};

// Every table the view shows, as columns of the one read of the job: a poll is one statement.
export const jobViewFacts = (activeJobsPerWallet: number) => ({
  ...progressFacts(activeJobsPerWallet),
  refund: refundOfJob(jobs.id),
  payment: paymentOfJob(jobs.id),
  deliveries: deliveriesOfJob(jobs.id),
});

// One prepared read per database handle and slot count (a process has one of each).
const readers = new WeakMap<Db, Map<number, ReturnType<typeof prepareRead>>>();
const prepareRead = (db: Db, activeJobsPerWallet: number) =>
  prepareFindJobWith(db, jobViewFacts(activeJobsPerWallet));

function readerFor(db: Db, activeJobsPerWallet: number) {
  const bySlots = readers.get(db) ?? new Map<number, ReturnType<typeof prepareRead>>();
  readers.set(db, bySlots);
  const reader = bySlots.get(activeJobsPerWallet) ?? prepareRead(db, activeJobsPerWallet);
  bySlots.set(activeJobsPerWallet, reader);
  return reader;
}

/** The job and what its view shows about it, in one statement; undefined for an unknown or malformed id. */
export async function readJob(
  db: Db,
  id: string,
  activeJobsPerWallet: number,
  now = Date.now(),
): Promise<{ job: JobRow; facts: JobFacts } | undefined> {
  const read = await readerFor(db, activeJobsPerWallet)(id);
  if (!read) return undefined;
  const { job, facts } = read;
  const paymentRow = facts.payment ?? undefined;
  return {
    job,
    facts: {
      refund: facts.refund ?? undefined,
      progress: progressFrom(job, facts, activeJobsPerWallet, now),
      payment: jobPayment(job, paymentRow),
      paymentRow,
      webhooks: webhookAttemptsOf(facts.deliveries),
    },
  };
}

/**
 * The job as every surface shows it: status, what was paid for, video and poster links while the
 * video lives, refund, receipt and webhook deliveries. Null for an unknown or malformed id.
 */
export async function jobView(
  db: Db,
  job: JobRow | string,
  ctx: JobViewContext,
  now = new Date(),
): Promise<JobView | null> {
  const read = await readJob(
    db,
    typeof job === "string" ? job : job.id,
    ctx.activeJobsPerWallet,
    now.getTime(),
  );
  if (!read) return null;
  const { job: row, facts } = read;
  const [links, receipt] = await Promise.all([
    videoLinks(row, ctx.sign, now),
    jobReceipt(db, row.id, ctx.baseUrl, { job: row, payment: facts.paymentRow }),
  ]);
  const { refund, webhooks } = facts;
  return {
    job_id: row.id,
    sku: row.sku,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    attempts: row.attempts,
    ...links,
    seed: row.seed,
    frames_per_second: row.framesPerSecond,
    error: row.error,
    refund: refund
      ? {
          status: refund.status,
          amount: formatUsd(refund.amountAtomic),
          transaction: refund.status === "pending" ? null : refund.transaction,
        }
      : null,
    request: jobRequest(row.spec),
    progress: facts.progress,
    payment: facts.payment,
    receipt,
    ...(webhooks.length ? { webhooks } : {}),
  };
}

/** Video and poster links only while the job has succeeded and the video is still kept. */
async function videoLinks(job: JobRow, sign: VideoUrlSigner, now: Date) {
  const expiresAt = job.videoExpiresAt;
  const live = job.status === "succeeded" && job.videoKey && expiresAt && expiresAt > now;
  const key = live ? job.videoKey : null;
  return {
    video_url: key && expiresAt ? await sign(key, expiresAt) : null,
    video_expires_at: expiresAt?.toISOString() ?? null,
    // A poster that cannot be linked is left out; the video is still shown.
    poster_url:
      key && expiresAt
        ? await Promise.resolve()
            .then(() => sign(posterKey(key), expiresAt))
            .catch(() => null)
        : null,
  };
}

/**
 * The request the job was paid for, as the server recorded it: a page shows this, never what its
 * form says now. Image ids are left out (they name stored pictures); only whether there were any.
 */
function jobRequest(spec: GenerationSpec): JobRequestView {
  return {
    model: spec.model,
    prompt: spec.prompt,
    duration_seconds: spec.durationSeconds,
    resolution: spec.resolution,
    ratio: spec.ratio,
    generate_audio: spec.generateAudio,
    camera_fixed: spec.cameraFixed,
    seed: spec.seed,
    images: spec.images ? (spec.images.last ? 2 : 1) : 0,
  };
}
