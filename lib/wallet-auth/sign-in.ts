import { randomBytes } from "node:crypto";
import {
  buildSIWxSchema,
  parseSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  validateSIWxMessage,
  verifySIWxSignature,
} from "@x402/extensions/sign-in-with-x";
import { baseUrlFor } from "@/lib/api/base-url";
import { getEnv } from "@/lib/env";

/** Why a request carries no usable proof; lib/api answers it as a 401 carrying the fresh challenge. */
export type WalletRefusal = {
  code: "signature_required" | "signature_invalid";
  detail: string;
  challenge: SIWxExtension;
};

export type WalletProof = { ok: true; address: string } | ({ ok: false } & WalletRefusal);

const STATEMENT = "Prove you are the wallet that paid, to cancel or list its Reel402 jobs.";
const MAX_AGE_MS = 5 * 60_000;

/**
 * The x402 sign-in-with-x challenge for this request: the payer signs a CAIP-122 (SIWE) message
 * bound to this origin and path, and sends it back base64-encoded in the SIGN-IN-WITH-X header.
 */
export function signInChallenge(request: Request): SIWxExtension {
  const url = new URL(request.url);
  const origin = new URL(baseUrlFor(request));
  const issuedAt = new Date();
  return {
    info: {
      domain: origin.host,
      uri: `${origin.origin}${url.pathname}`,
      statement: STATEMENT,
      version: "1",
      nonce: randomBytes(16).toString("hex"),
      issuedAt: issuedAt.toISOString(),
      expirationTime: new Date(issuedAt.getTime() + MAX_AGE_MS).toISOString(),
    },
    supportedChains: [{ chainId: getEnv().network, type: "eip191" }],
    schema: buildSIWxSchema(),
  };
}

/**
 * The wallet that signed the request's SIGN-IN-WITH-X header, or the refusal with a fresh
 * challenge, so a client signs it and retries. A proof is good for five minutes, for the
 * path it names only (cancelling one job never lists another wallet's, and so on).
 */
export async function provenWallet(request: Request): Promise<WalletProof> {
  const header = request.headers.get(SIGN_IN_WITH_X);
  const refuse = (code: WalletRefusal["code"], detail: string): WalletProof => ({
    ok: false,
    code,
    detail,
    challenge: signInChallenge(request),
  });
  if (!header)
    return refuse(
      "signature_required",
      `Sign the challenge in extensions["${SIGN_IN_WITH_X}"] with the paying wallet and send it in the ${SIGN_IN_WITH_X} header.`,
    );
  let payload: ReturnType<typeof parseSIWxHeader>;
  try {
    payload = parseSIWxHeader(header);
  } catch {
    return refuse(
      "signature_invalid",
      `The ${SIGN_IN_WITH_X} header is not a sign-in-with-x proof.`,
    );
  }
  const origin = new URL(baseUrlFor(request));
  const checked = await validateSIWxMessage(payload, origin, { maxAge: MAX_AGE_MS });
  if (!checked.isValid) return refuse("signature_invalid", checked.invalidMessage);
  if (new URL(payload.uri).pathname !== new URL(request.url).pathname)
    return refuse("signature_invalid", "The signed message names another path.");
  if (payload.chainId !== getEnv().network)
    return refuse("signature_invalid", `Sign for ${getEnv().network}.`);
  const verified = await verifySIWxSignature(payload);
  if (!verified.isValid) return refuse("signature_invalid", verified.invalidMessage);
  return { ok: true, address: verified.payer.toLowerCase() };
}
