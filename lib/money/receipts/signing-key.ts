import "server-only";
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  hkdfSync,
  type KeyObject,
} from "node:crypto";
import { namedSecret } from "@/lib/platform";

export type ReceiptKey = {
  privateKey: KeyObject;
  /** The public half as a JWK (RFC 8037 OKP / Ed25519), the form the DID document publishes. */
  publicJwk: { kty: "OKP"; crv: "Ed25519"; x: string };
  /** RFC 7638 thumbprint of the public key: the fragment of its `kid`, so a new key gets a new id. */
  thumbprint: string;
};

// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/**
 * The Ed25519 key that signs offers and receipts, derived from its own secret with HKDF so any
 * string of 32+ characters will do and every instance given the same secret signs with one key.
 */
export function receiptKeyFromSecret(secret: string): ReceiptKey {
  const seed = Buffer.from(
    hkdfSync("sha256", secret, Buffer.alloc(0), "reel402 offer-receipt signing key (Ed25519)", 32),
  );
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: "der",
    type: "pkcs8",
  });
  const { x } = createPublicKey(privateKey).export({ format: "jwk" });
  const publicJwk = { kty: "OKP" as const, crv: "Ed25519" as const, x: x as string };
  const thumbprint = createHash("sha256")
    .update(JSON.stringify({ crv: "Ed25519", kty: "OKP", x }))
    .digest("base64url");
  return { privateKey, publicJwk, thumbprint };
}

let derived: ReceiptKey | undefined;

/**
 * The configured RECEIPT_SIGNING_SECRET's key; on the devnet without one, a random secret kept in
 * the data folder so receipts stay verifiable against the same key across restarts. For the
 * signers deep in the checkout; kept per module copy, which all derive the one same key.
 */
export function getReceiptKey(): ReceiptKey {
  derived ??= receiptKeyFromSecret(namedSecret("receipt-signing"));
  return derived;
}
