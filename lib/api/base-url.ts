import { getEnv } from "@/lib/env";

/**
 * The service origin as clients should see it: PUBLIC_BASE_URL when set, else the Host the
 * client used (and the forwarded scheme only behind a trusted proxy).
 */
export function baseUrlFor(request: Request): string {
  const env = getEnv();
  if (env.publicBaseUrl) return env.publicBaseUrl.replace(/\/$/, "");
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const proto =
    (env.trustProxy ? request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : null) ??
    url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
