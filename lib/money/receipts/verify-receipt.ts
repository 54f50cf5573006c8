import { createPublicKey, verify } from "node:crypto";

/**
 * Offline verification of a JWS receipt or offer against the keys a service publishes in its
 * DID document (/.well-known/did.json). Node's crypto only, so the CLI bundle can carry it.
 */

export type PublishedKey = { id: string; publicKeyJwk: Record<string, unknown> };

export type Verified =
  | { ok: true; kid: string; payload: Record<string, unknown> }
  | { ok: false; reason: string };

/** The verification methods of a DID document that can check assertions. */
export function keysFromDidDocument(doc: unknown): PublishedKey[] {
  const d = doc as {
    verificationMethod?: { id?: unknown; publicKeyJwk?: unknown }[];
    assertionMethod?: unknown[];
  };
  const asserting = new Set((d.assertionMethod ?? []).filter((m) => typeof m === "string"));
  return (d.verificationMethod ?? []).flatMap((m) =>
    typeof m.id === "string" && asserting.has(m.id) && m.publicKeyJwk
      ? [{ id: m.id, publicKeyJwk: m.publicKeyJwk as Record<string, unknown> }]
      : [],
  );
}

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export function verifyJws(jws: string, keys: PublishedKey[]): Verified {
  const parts = jws.split(".");
  if (parts.length !== 3) return { ok: false, reason: "not a JWS compact serialization" };
  const [h = "", p = "", s = ""] = parts;
  const header = decodeJson(h);
  const payload = decodeJson(p);
  if (!header || !payload) return { ok: false, reason: "header or payload is not JSON" };
  if (header.alg !== "EdDSA") return { ok: false, reason: `unexpected algorithm ${header.alg}` };
  const key = keys.find((k) => k.id === header.kid);
  if (!key) return { ok: false, reason: `key ${header.kid} is not published by the service` };
  const valid = verify(
    null,
    Buffer.from(`${h}.${p}`),
    createPublicKey({ key: key.publicKeyJwk as never, format: "jwk" }),
    Buffer.from(s, "base64url"),
  );
  return valid ? { ok: true, kid: key.id, payload } : { ok: false, reason: "signature mismatch" };
}
