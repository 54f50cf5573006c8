import { getEnv } from "@/lib/env";

/** The service origin as clients should see it: PUBLIC_BASE_URL when set, else the request's. */
export function baseUrlFor(request: Request): string {
  return getEnv().publicBaseUrl ?? new URL(request.url).origin;
}
