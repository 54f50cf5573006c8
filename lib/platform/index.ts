export {
  appendAudit,
  auditedTransaction,
  type AuditType,
  notifyAtCommit,
  writeAtCommit,
} from "./audit/append";
export { explainBreak } from "./audit/chain";
export { AuditBreakError, checkpointAuditLog, type CheckpointState } from "./audit/checkpoint";
export { createAuditQueues, type AuditQueues } from "./audit/grouped-append";
export type { RecordStore } from "./audit/record-store";
export { jobAuditAfter } from "./audit/repository";
export { openDb, type Db } from "./db/client";
export { executeRows } from "./db/execute-rows";
export { oncePerJobWithStatus, oneOf, ts } from "./db/columns";
export { jsonRow, jsonRows, outerColumn } from "./db/json-rows";
export { listenChannel } from "./db/listen-channel";
export { postgresErrorCode } from "./db/postgres-error-code";
export { migrationJournal, pendingMigrations, pendingMigrationsIn } from "./db/migrations";
export {
  IllegalMoveError,
  canMove,
  checkMove,
  staleErrorOf,
  type Transitions,
} from "./db/status-transitions";
export {
  ConfigError,
  DEVNET_ACCOUNT0_KEY,
  DEVNET_MNEMONIC,
  DEVNET_NETWORK,
  getEnv,
  type Env,
  type NetworkConfig,
} from "./env";
export { describeError } from "./errors/describe-error";
export { PROBLEM_CATALOG, problemStatus, type ProblemCode } from "./errors/problems";
export {
  isRefusalError,
  RefusalError,
  refusal,
  type FieldError,
  type Refusal,
  type RefusalDetails,
} from "./errors/refusal";
export { createBeforeExitHooks, type BeforeExitHooks } from "./lifecycle/before-exit";
export { recentPromises } from "./memo/recent-promises";
export {
  rebuiltError,
  startWorkerThread,
  type ThreadError,
  threadError,
} from "./threads/worker-thread";
export { idleBackoff, type IdleBackoff } from "./lifecycle/idle-backoff";
export { clientIp } from "./limits/client-ip";
export { crossSiteOrigin } from "./limits/cross-site";
export { FreeEndpointGuard, type FreeEndpointLimits } from "./limits/free-endpoint-guard";
export { hashIp } from "./limits/ip-hash";
export type { LimitStore } from "./limits/limit-store";
export {
  guardRequest,
  type ClientIdentity,
  type GuardRule,
  type GuardServices,
} from "./limits/request-guard";
export { createLimitStore } from "./limits/store";
export { isPublicAddress } from "./net/address-policy";
export { pinnedRequest } from "./net/pinned-request";
export type { OutboxHandlers } from "./outbox/dispatch-outbox";
export { startOutboxDispatcher } from "./outbox/outbox-dispatcher";
export { writeOutbox } from "./outbox/write-outbox";
export { createSecrets, namedSecret } from "./secrets/named-secret";
