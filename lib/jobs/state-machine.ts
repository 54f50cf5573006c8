/** The job lifecycle. Every status change in the service goes through transition(). */
import { canMove, IllegalMoveError, type Transitions } from "@/lib/platform";

export const JOB_STATUSES = [
  "pending_settlement",
  "queued",
  "generating",
  "succeeded",
  "failed",
  "cancelled",
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_TRANSITIONS: Transitions<JobStatus> = {
  // Settled → queued; settlement refused or the authorization expired unused → cancelled.
  pending_settlement: ["queued", "cancelled"],
  queued: ["generating", "failed", "cancelled"],
  generating: ["succeeded", "failed", "cancelled"],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export const TERMINAL_STATUSES: readonly JobStatus[] = ["succeeded", "failed", "cancelled"];
/** Not finished: counted for capacity, the per-wallet limit and `in_flight`. */
export const ACTIVE_STATUSES: readonly JobStatus[] = ["pending_settlement", "queued", "generating"];

export class IllegalTransitionError extends IllegalMoveError {
  constructor(from: JobStatus, to: JobStatus) {
    super("job", from, to);
    this.name = "IllegalTransitionError";
  }
}

export function isJobStatus(value: string): value is JobStatus {
  return (JOB_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return canMove(JOB_TRANSITIONS, from, to);
}

export function transition(from: JobStatus, to: JobStatus): JobStatus {
  if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
  return to;
}

export function isTerminal(status: JobStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
