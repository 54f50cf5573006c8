import { createHmac, timingSafeEqual } from "node:crypto";

/** HMAC-signed, expiring download links for the local video store. Pure: the secret is passed in. */

function signature(secret: string, key: string, expires: number): string {
  return createHmac("sha256", secret).update(`${key}\n${expires}`).digest("base64url");
}

export function signVideoPath(secret: string, key: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `/videos/${encodeURIComponent(key)}?expires=${expires}&sig=${signature(secret, key, expires)}`;
}

export type LinkCheck = "ok" | "forged" | "expired";

export function checkVideoLink(
  secret: string,
  key: string,
  expiresParam: string | null,
  sig: string | null,
  now = new Date(),
): LinkCheck {
  if (!expiresParam || !sig || !/^\d{1,12}$/.test(expiresParam)) return "forged";
  const expected = Buffer.from(signature(secret, key, Number(expiresParam)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "forged";
  return Number(expiresParam) * 1000 <= now.getTime() ? "expired" : "ok";
}
