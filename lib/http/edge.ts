export {
  SECURITY_HEADERS,
  contentSecurityPolicy,
  cspSourcesFromEnv,
  newNonce,
} from "./api/content-security-policy";
export { malformedHostResponse } from "./api/request-host";
export { unroutedResponse } from "./api/unrouted";
