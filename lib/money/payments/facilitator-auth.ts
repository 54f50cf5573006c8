import "server-only";
import { createAuthHeader } from "@coinbase/x402";

type AuthHeaders = {
  verify: Record<string, string>;
  settle: Record<string, string>;
  supported: Record<string, string>;
};

/**
 * CDP API-key auth: a fresh JWT per request, scoped to the method, host and path it is sent to.
 * Scoped to the configured FACILITATOR_URL (not a hard-wired CDP host), so a token can only ever
 * be used against the facilitator it was sent to.
 */
export function cdpAuthHeaders(
  facilitatorUrl: string,
  keyId: string,
  keySecret: string,
): () => Promise<AuthHeaders> {
  const url = new URL(facilitatorUrl);
  const base = url.pathname.replace(/\/+$/, "");
  const bearer = (method: string, route: string) =>
    createAuthHeader(keyId, keySecret, method, url.host, `${base}/${route}`);
  return async () => {
    const [verify, settle, supported] = await Promise.all([
      bearer("POST", "verify"),
      bearer("POST", "settle"),
      bearer("GET", "supported"),
    ]);
    return {
      verify: { Authorization: verify },
      settle: { Authorization: settle },
      supported: { Authorization: supported },
    };
  };
}
