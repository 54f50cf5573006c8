import { type Db, writeOutbox } from "@/lib/platform";
import type { JobError } from "@/lib/jobs/schema";
import type { JobStatus } from "@/lib/jobs/state-machine";

/**
 * The job changed: its event streams look again. Only rows written by earlier versions carry it;
 * announcements now go out from the changing transaction itself (job-announcement.ts).
 */
export const JOB_CHANGED_TOPIC = "job.changed";
/** The job reached a terminal status: its subscriber's webhook is queued. */
export const JOB_FINISHED_TOPIC = "job.finished";

export type JobChanged = { jobId: string };
export type JobFinished = {
  jobId: string;
  sku: string;
  status: JobStatus;
  error: JobError | null;
  /** When it finished, the event's timestamp. */
  at: string;
};

export async function outboxJobFinished(tx: Db, finished: JobFinished): Promise<void> {
  await writeOutbox(tx, JOB_FINISHED_TOPIC, finished);
}
