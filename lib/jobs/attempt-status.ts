/** An upstream attempt: recorded `submitting` before the call, `running` once the upstream took it. */
export const ATTEMPT_STATUSES = ["submitting", "running", "succeeded", "failed"] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
