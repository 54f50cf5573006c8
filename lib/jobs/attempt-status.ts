import type { Transitions } from "@/lib/platform";

/** An upstream attempt: recorded `submitting` before the call, `running` once the upstream took it. */
export const ATTEMPT_STATUSES = ["submitting", "running", "succeeded", "failed"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** A submission that never heard back is written off (submitting → failed); only a running one succeeds. */
export const ATTEMPT_TRANSITIONS: Transitions<AttemptStatus> = {
  submitting: ["running", "failed"],
  running: ["succeeded", "failed"],
  succeeded: [],
  failed: [],
};
