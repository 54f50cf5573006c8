export { cancelJobResponse } from "./api/cancel-job-response";
export { answerPaidPostsAtSocket, paidPost } from "./api/paid-post-at-socket";
export { didDocumentResponse } from "./api/did-document-response";
export { jobEventsResponse } from "./api/job-events-response";
export { jobResponse } from "./api/job-response";
export { mcpResponse } from "./mcp/mcp-response";
export { livenessResponse } from "./api/liveness-response";
export { readinessResponse } from "./api/readiness-response";
export { serveStoredVideo } from "./api/serve-stored-video";
export {
  llmsTxtResponse,
  openApiResponse,
  statusResponse,
  storefrontResponse,
  wellKnownX402Response,
} from "./api/storefront-responses";
export { upstreamCallbackResponse } from "./api/upstream-callback-response";
export { uploadResponse } from "./api/upload-response";
export { walletJobsResponse } from "./api/wallet-jobs-response";
export { hostChecked, methodNotAllowed, preflight } from "./api/unproxied-route";
export { withErrors } from "./api/with-errors";
export { studioConfig } from "./storefront/studio-config";
