export { services } from "./services";
export { inngestHandlers } from "./workflow/inngest-serve";
export { startInngestEngine } from "./workflow/inngest";
export { startEmbeddedEngine } from "./workflow/start-engine";
export { upstreamCallbackDeps } from "./workflow/start-engine";
export { type SocketRoute, setSocketRoute } from "./socket-routes";
