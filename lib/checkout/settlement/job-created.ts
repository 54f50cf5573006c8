import type { JWSSignedReceipt } from "@x402/extensions/offer-receipt";
import type { JobStatus } from "@/lib/jobs";

/** The body a paid POST answers with, and what its Idempotency-Key replays. */
export type JobCreated = {
  job_id: string;
  status: JobStatus;
  status_url: string;
  note?: string;
  /** The signed offer-receipt receipt, once the payment settled. */
  receipt?: JWSSignedReceipt;
};

export function jobCreatedBody(jobId: string, status: JobStatus, note?: string): JobCreated {
  return { job_id: jobId, status, status_url: `/jobs/${jobId}`, ...(note ? { note } : {}) };
}
