// The platform's door for code that runs outside the server bundle (the request proxy, the
// launcher in scripts/serve.ts): nothing here may load "server-only" code.
export { createBeforeExitHooks, type BeforeExitHooks } from "./lifecycle/before-exit";
export { clientIp } from "./limits/client-ip";
export { FreeEndpointGuard, type FreeEndpointLimits } from "./limits/free-endpoint-guard";
export { ConfigError, DEVNET_ACCOUNT0_KEY, DEVNET_MNEMONIC, getEnv } from "./env";
export { PROBLEM_CATALOG, type ProblemCode } from "./errors/problems";
export { refusal, type Refusal, type RefusalDetails } from "./errors/refusal";
export { recentPromises } from "./memo/recent-promises";
export { type ThreadError, threadError } from "./threads/worker-thread";
