import { getEnv } from "@/lib/platform";

/**
 * The origin every link, resource URL, did:web and sign-in challenge names: configuration
 * (PUBLIC_BASE_URL, or the devnet's listen address), never the request's Host or X-Forwarded-*,
 * which any client sets to anything. So answers do not vary by Host and may be cached as one.
 */
export function publicBaseUrl(): string {
  return getEnv().publicOrigin;
}
