export {
  OUTPUT_POLICY_CODE,
  OUTPUT_UNSCREENED_CODE,
  advance,
  attemptContext,
  attemptOutlastMs,
  type AdvanceDeps,
} from "./advance";
export { followUpOrphanTasks } from "./orphan-tasks";
export { announceJobChange, closeAnnouncer, JOB_EVENTS_CHANNEL } from "./job-announcement";
export { cancelJob, type CancelOutcome, type Canceller } from "./cancel-job";
export {
  JOB_CHANGED_TOPIC,
  JOB_FINISHED_TOPIC,
  type JobChanged,
  type JobFinished,
} from "./job-outbox";
export {
  jobPayment,
  progressFacts,
  progressFrom,
  type JobPayment,
  type JobProgress,
  type ProgressFacts,
} from "./job-progress";
export { claimDueJobs, releaseLease, renewLease } from "./lease-repository";
export { jobPaymentSchema, jobProgressSchema, providerReliabilitySchema } from "./live-schemas";
export { decodeCursor, jobsOfPayer } from "./payer-history";
export { median, providerReliability } from "./provider-window-repository";
export { callbackTokenValid, callbackUrl, endUserId } from "./providers/attempt-identity";
export { nearestRatio } from "./providers/frame-size";
export { providersFromEnv } from "./providers/registry";
export type { VideoProvider } from "./providers/types";
export {
  changeStatus,
  StaleJobError,
  findJob,
  prepareFindJobWith,
  forgetVideos,
  getJob,
  insertJob,
  insertJobAtCommit,
  jobsWithExpiredVideos,
  capacityLock,
  type JobRow,
} from "./repository";
export { jobs, ofJob } from "./schema";
export { createVideoScreener } from "./screen-delivered-video";
export {
  ACTIVE_STATUSES,
  JOB_STATUSES,
  isJobStatus,
  isTerminal,
  type JobStatus,
} from "./state-machine";
export { countActiveJobs, jobCountsByStatus, recentGenerationSeconds } from "./stats-repository";
export {
  acceptUpstreamCallback,
  type UpstreamCallbackDeps,
  type UpstreamCallbackInput,
  type UpstreamCallbackOutcome,
  upstreamCallbackPath,
} from "./upstream-callback";
