import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** How long a sign-in challenge may be answered. */
export const NONCE_TTL_MS = 5 * 60_000;

const TIME_HEX = 12; // 48 bits of epoch milliseconds
const RANDOM_HEX = 32;
const MAC_HEX = 32;
const SHAPE = new RegExp(`^[0-9a-f]{${TIME_HEX + RANDOM_HEX + MAC_HEX}}$`);

export type IssuedNonce = { nonce: string; issuedAt: Date; expiresAt: Date };

/**
 * A nonce the server can recognise later without having stored it: issue time and randomness,
 * then an HMAC over both and the path it is for. Asking for a challenge therefore writes nothing
 * (no table to fill by asking); only a used nonce is recorded. Hex throughout, since a SIWE nonce
 * must be alphanumeric.
 */
export function issueNonce(secret: string, path: string, now = new Date()): IssuedNonce {
  const body = now.getTime().toString(16).padStart(TIME_HEX, "0") + randomBytes(16).toString("hex");
  return {
    nonce: body + mac(secret, body, path),
    issuedAt: now,
    expiresAt: new Date(now.getTime() + NONCE_TTL_MS),
  };
}

/** The nonce's issue and expiry times if we issued it for this path and it is still live; else null. */
export function openNonce(
  secret: string,
  nonce: string,
  path: string,
  now = new Date(),
): IssuedNonce | null {
  if (!SHAPE.test(nonce)) return null;
  const body = nonce.slice(0, TIME_HEX + RANDOM_HEX);
  const expected = Buffer.from(mac(secret, body, path), "hex");
  if (!timingSafeEqual(expected, Buffer.from(nonce.slice(body.length), "hex"))) return null;
  const issuedAt = new Date(Number.parseInt(body.slice(0, TIME_HEX), 16));
  const expiresAt = new Date(issuedAt.getTime() + NONCE_TTL_MS);
  // A little slack for clocks of instances that share the secret; never a future challenge beyond it.
  if (issuedAt.getTime() > now.getTime() + 5_000 || expiresAt <= now) return null;
  return { nonce, issuedAt, expiresAt };
}

function mac(secret: string, body: string, path: string): string {
  return createHmac("sha256", secret)
    .update(`reel402 sign-in nonce v1\n${body}\n${path}`)
    .digest("hex")
    .slice(0, MAC_HEX);
}
