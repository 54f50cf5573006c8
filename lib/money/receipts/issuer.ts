import "server-only";
import { sign } from "node:crypto";
import type { JWSSigner } from "@x402/extensions/offer-receipt";
import type { ReceiptKey } from "@/lib/money/receipts/signing-key";

/**
 * The service's DID (did:web) for a base URL: `https://reel402.example` → `did:web:reel402.example`,
 * `http://127.0.0.1:3000` → `did:web:127.0.0.1%3A3000`. It resolves to `/.well-known/did.json`,
 * which lists the key that signs offers and receipts (the x402 helpers resolve it the same way).
 */
export function didFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  const segments = url.pathname.split("/").filter(Boolean).map(encodeURIComponent);
  return ["did:web", encodeURIComponent(url.host), ...segments].join(":");
}

export function kidFor(baseUrl: string, key: ReceiptKey): string {
  return `${didFor(baseUrl)}#${key.thumbprint}`;
}

/** A JWS signer (EdDSA over Ed25519) in the shape the x402 offer-receipt helpers take. */
export function jwsSigner(baseUrl: string, key: ReceiptKey): JWSSigner {
  return {
    kid: kidFor(baseUrl, key),
    format: "jws",
    algorithm: "EdDSA",
    sign: async (input) => sign(null, input, key.privateKey).toString("base64url"),
  };
}

/** The DID document served at /.well-known/did.json: the one key, for assertions only. */
export function didDocument(baseUrl: string, key: ReceiptKey) {
  const id = didFor(baseUrl);
  const kid = kidFor(baseUrl, key);
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"],
    id,
    verificationMethod: [
      { id: kid, type: "JsonWebKey2020", controller: id, publicKeyJwk: key.publicJwk },
    ],
    assertionMethod: [kid],
  };
}
