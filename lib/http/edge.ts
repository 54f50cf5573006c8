export {
  SECURITY_HEADERS,
  contentSecurityPolicy,
  cspSourcesFromEnv,
  newNonce,
  STATIC_CONTENT_SECURITY_POLICY,
} from "./api/content-security-policy";
export { isPageRequest } from "./api/page-request";
export { malformedHostResponse } from "./api/request-host";
export { unroutedResponse } from "./api/unrouted";
