import { getEnv } from "@/lib/env";
import { clientIp } from "@/lib/limits/client-ip";
import { crossSiteOrigin } from "@/lib/limits/cross-site";
import type { ClientIdentity } from "@/lib/limits/request-guard";

/** Who sent a request, as the per-IP guard counts it: the client address, and another site's Origin. */
export function clientIdentity(request: Request): ClientIdentity {
  return {
    ip: clientIp(request.headers, getEnv().trustProxy),
    crossSiteOrigin: crossSiteOrigin(request),
  };
}
