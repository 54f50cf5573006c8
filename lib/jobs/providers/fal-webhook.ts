import { createHash, createPublicKey, type KeyObject, verify } from "node:crypto";
import { z } from "zod";

/**
 * fal's webhook signatures (docs.fal.ai, Model APIs › Webhooks › "Verifying your webhook"):
 * ED25519 over `request_id \n user_id \n timestamp \n hex(sha256(raw body))`, the four values
 * from the X-Fal-Webhook-Request-Id, -User-Id, -Timestamp headers and the body as received; the
 * hex signature in X-Fal-Webhook-Signature; public keys from fal's JWKS (cached at most 24 h);
 * a timestamp more than 5 minutes from now is refused (replay).
 */
export const FAL_JWKS_URL = "https://rest.fal.ai/.well-known/jwks.json";

const TOLERANCE_SECONDS = 300;
const JWKS_TTL_MS = 24 * 60 * 60 * 1000;

const jwks = z.object({
  keys: z.array(
    z.object({ kty: z.string().optional(), crv: z.string().optional(), x: z.string() }),
  ),
});
const webhookBody = z.object({ request_id: z.string().min(1) });

export type WebhookVerifierConfig = {
  jwksUrl: string;
  requestTimeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
};

/** Returns the request id a genuine fal webhook reports, or null. Never throws. */
export function falWebhookVerifier(config: WebhookVerifierConfig) {
  const fetchImpl = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  let cache: { at: number; keys: KeyObject[] } | null = null;

  async function publicKeys(): Promise<KeyObject[]> {
    if (cache && now() - cache.at < JWKS_TTL_MS) return cache.keys;
    const res = await fetchImpl(config.jwksUrl, {
      signal: AbortSignal.timeout(config.requestTimeoutMs),
    });
    if (!res.ok) throw new Error(`JWKS HTTP ${res.status}`);
    const keys = jwks
      .parse(await res.json())
      .keys.filter((k) => (k.kty ?? "OKP") === "OKP" && (k.crv ?? "Ed25519") === "Ed25519")
      .map((k) => createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: k.x }, format: "jwk" }));
    cache = { at: now(), keys };
    return keys;
  }

  return async (headers: Headers, body: string): Promise<string | null> => {
    const requestId = headers.get("x-fal-webhook-request-id");
    const userId = headers.get("x-fal-webhook-user-id");
    const timestamp = headers.get("x-fal-webhook-timestamp");
    const signature = headers.get("x-fal-webhook-signature");
    if (!requestId || !userId || !timestamp || !signature) return null;
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS)
      return null;
    if (!/^(?:[0-9a-f]{2})+$/i.test(signature)) return null;
    const digest = createHash("sha256").update(body, "utf8").digest("hex");
    const message = Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${digest}`, "utf8");
    const sig = Buffer.from(signature, "hex");
    try {
      const keys = await publicKeys();
      if (!keys.some((key) => verify(null, message, key, sig))) return null;
    } catch {
      return null;
    }
    // The signed header and the body must name the same request.
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
    const reported = webhookBody.safeParse(parsed).data?.request_id;
    return reported === requestId ? requestId : null;
  };
}
