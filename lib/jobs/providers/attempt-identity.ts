import { createHmac, timingSafeEqual } from "node:crypto";
import type { ProviderName } from "@/lib/jobs/providers/types";

/**
 * The payer as upstreams see them: a keyed hash of the wallet, stable for one payer across
 * attempts and instances, that reveals nothing of the address to an upstream or its logs.
 */
export function endUserId(secret: string, payer: string): string {
  return `p-${createHmac("sha256", secret).update(`end-user ${payer.toLowerCase()}`).digest("hex").slice(0, 32)}`;
}

const tokenOf = (secret: string, provider: ProviderName, attemptId: string) =>
  createHmac("sha256", secret).update(`callback ${provider} ${attemptId}`).digest("base64url");

/**
 * The URL an upstream calls when an attempt's task ends. The token is unguessable and names one
 * attempt on one provider, so a forged or replayed callback can at most wake that attempt early.
 */
export function callbackUrl(
  origin: string,
  secret: string,
  provider: ProviderName,
  attemptId: string,
): string {
  return `${origin}/api/upstream/${provider}/${attemptId}/${tokenOf(secret, provider, attemptId)}`;
}

/** Whether a callback URL's token is the one issued for this attempt on this provider. */
export function callbackTokenValid(
  secret: string,
  provider: ProviderName,
  attemptId: string,
  token: string,
): boolean {
  const expected = Buffer.from(tokenOf(secret, provider, attemptId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
