import type { Db } from "@/lib/db/client";
import {
  type JobPayment,
  type JobProgress,
  jobPayment,
  jobProgress,
} from "@/lib/jobs/job-progress";
import { getJob, type JobRow } from "@/lib/jobs/repository";
import { formatUsd } from "@/lib/catalog/quote";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { getPaymentForJob, type PaymentRow } from "@/lib/payments/repository";
import { refundForJob, type RefundRow } from "@/lib/refunds/repository";
import { type WebhookAttempts, webhookAttempts } from "@/lib/webhooks/events";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type JobResource = {
  job_id: string;
  sku: string;
  status: JobRow["status"];
  created_at: string;
  updated_at: string;
  attempts: number;
  video_url: string | null;
  video_expires_at: string | null;
  seed: number | null;
  frames_per_second: number | null;
  error: JobRow["error"];
  /** Present when the payment is being (or was) given back. */
  refund: { status: RefundRow["status"]; amount: string; transaction: string | null } | null;
  /** Beside the spec's fields: what was asked for, as recorded when it was paid. */
  request: JobRequest;
  /** Beside the spec's fields: where the job is, how long it should take, and what it cost. */
  progress: JobProgress;
  payment: JobPayment;
  /** The deliveries to the job's Webhook-URL, when it gave one. */
  webhooks?: WebhookAttempts;
};

/**
 * The request the job was paid for, as the server recorded it: a page shows this, never what its
 * form says now. Image ids are left out (they name stored pictures); only whether there were any.
 */
export type JobRequest = {
  model: GenerationSpec["model"];
  prompt: string;
  duration_seconds: number;
  resolution: GenerationSpec["resolution"];
  ratio: GenerationSpec["ratio"];
  generate_audio: boolean;
  camera_fixed: boolean | null;
  seed: number | null;
  images: number;
};

export function jobRequest(spec: GenerationSpec): JobRequest {
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

/** What a job resource shows besides the job row, read from the other tables. */
export type JobFacts = {
  refund?: RefundRow;
  progress: JobProgress;
  payment: JobPayment;
  /** The payment's row, read once here for whatever else the answer needs (its receipt). */
  paymentRow?: PaymentRow;
};

export async function loadJobFacts(
  db: Db,
  job: JobRow,
  activeJobsPerWallet: number,
): Promise<JobFacts> {
  const [refund, progress, paymentRow] = await Promise.all([
    refundForJob(db, job.id),
    jobProgress(db, job, activeJobsPerWallet),
    getPaymentForJob(db, job.id),
  ]);
  return { refund, progress, payment: jobPayment(job, paymentRow), paymentRow };
}

export type VideoUrlSigner = (key: string, expiresAt: Date) => string | Promise<string>;

/** The Job object of the spec; video_url only while the job has succeeded and the link is live. */
export async function toJobResource(
  job: JobRow,
  signVideoUrl: VideoUrlSigner,
  { refund, progress, payment }: JobFacts,
  now = new Date(),
): Promise<JobResource> {
  const live =
    job.status === "succeeded" && job.videoKey && job.videoExpiresAt && job.videoExpiresAt > now;
  return {
    job_id: job.id,
    sku: job.sku,
    status: job.status,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    attempts: job.attempts,
    video_url:
      live && job.videoKey && job.videoExpiresAt
        ? await signVideoUrl(job.videoKey, job.videoExpiresAt)
        : null,
    video_expires_at: job.videoExpiresAt?.toISOString() ?? null,
    seed: job.seed,
    frames_per_second: job.framesPerSecond,
    error: job.error,
    refund: refund
      ? {
          status: refund.status,
          amount: formatUsd(refund.amountAtomic),
          transaction: refund.status === "pending" ? null : refund.transaction,
        }
      : null,
    request: jobRequest(job.spec),
    progress,
    payment,
  };
}

/** The job resource, with the rows it was made from for whatever else the answer carries. */
export async function findJobResource(
  db: Db,
  id: string,
  signVideoUrl: VideoUrlSigner,
  activeJobsPerWallet: number,
): Promise<{ resource: JobResource; job: JobRow; paymentRow?: PaymentRow } | null> {
  const job = await findJob(db, id);
  if (!job) return null;
  const [facts, webhooks] = await Promise.all([
    loadJobFacts(db, job, activeJobsPerWallet),
    webhookAttempts(db, job.id),
  ]);
  const resource = await toJobResource(job, signVideoUrl, facts);
  return {
    resource: webhooks.length ? { ...resource, webhooks } : resource,
    job,
    paymentRow: facts.paymentRow,
  };
}

/** The job with this id; undefined for an unknown or malformed id. */
export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return UUID.test(id) ? getJob(db, id.toLowerCase()) : undefined;
}
