export {
  contentSecurityPolicy,
  cspSourcesFromEnv,
  newNonce,
} from "./api/content-security-policy";
export {
  API_RESPONSE_HEADERS,
  PREFLIGHT_HEADERS,
  STATIC_CONTENT_SECURITY_POLICY,
} from "./api/response-headers";
export { isPageRequest } from "./api/page-request";
export { malformedHostResponse } from "./api/request-host";
export { unroutedResponse } from "./api/unrouted";
