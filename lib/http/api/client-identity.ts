import { type ClientIdentity, clientIp, crossSiteOrigin, getEnv } from "@/lib/platform";

/** Who sent a request, as the per-IP guard counts it: the client address, and another site's Origin. */
export function clientIdentity(request: Request): ClientIdentity {
  return {
    ip: clientIp(request.headers, getEnv().trustProxy),
    crossSiteOrigin: crossSiteOrigin(request),
  };
}
