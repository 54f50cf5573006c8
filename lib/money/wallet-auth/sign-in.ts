import {
  buildSIWxSchema,
  parseSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  type SIWxPayload,
  verifySIWxSignature,
} from "@x402/extensions/sign-in-with-x";
import { type Db, getEnv, namedSecret, refusal, type Refusal } from "@/lib/platform";
import { issueNonce, openNonce } from "@/lib/money/wallet-auth/nonce";
import { spendNonce } from "@/lib/money/wallet-auth/used-nonce-repository";

/**
 * The signing wallet, or why a request carries no usable proof: a signature_required or
 * signature_invalid refusal (a 401) carrying the fresh challenge to sign.
 */
export type WalletProof = { ok: true; address: string } | { ok: false; refusal: Refusal };

export const SIGN_IN_STATEMENT =
  "Prove you are the wallet that paid, to cancel or list its Reel402 jobs.";

/**
 * The x402 sign-in-with-x challenge for a path: the payer signs a CAIP-122 (SIWE) message bound
 * to our configured origin (never the Host the request named) and to this path, with a nonce
 * only we can have made, and sends it back base64-encoded in the SIGN-IN-WITH-X header.
 */
export function signInChallenge(request: Request, now = new Date()): SIWxExtension {
  const path = new URL(request.url).pathname;
  const issued = issueNonce(namedSecret("sign-in-nonce"), path, now);
  return {
    info: {
      domain: new URL(getEnv().publicOrigin).host,
      uri: `${getEnv().publicOrigin}${path}`,
      statement: SIGN_IN_STATEMENT,
      version: "1",
      nonce: issued.nonce,
      issuedAt: issued.issuedAt.toISOString(),
      expirationTime: issued.expiresAt.toISOString(),
    },
    supportedChains: [{ chainId: getEnv().network, type: "eip191" }],
    schema: buildSIWxSchema(),
  };
}

/**
 * The wallet that signed the request's SIGN-IN-WITH-X header, or the refusal with a fresh
 * challenge, so a client signs it and retries. A proof is what we asked for, word for word: our
 * origin, this path, our statement, a nonce we issued in the last five minutes, and it is good
 * once (a second use, from any instance, is refused).
 */
export async function provenWallet(db: Db, request: Request): Promise<WalletProof> {
  const header = request.headers.get(SIGN_IN_WITH_X);
  const refuse = (
    code: "signature_required" | "signature_invalid",
    detail: string,
  ): WalletProof => ({
    ok: false,
    refusal: refusal(code, detail, {
      extra: { extensions: { [SIGN_IN_WITH_X]: signInChallenge(request) } },
    }),
  });
  if (!header)
    return refuse(
      "signature_required",
      `Sign the challenge in extensions["${SIGN_IN_WITH_X}"] with the paying wallet and send it in the ${SIGN_IN_WITH_X} header.`,
    );
  let payload: SIWxPayload;
  try {
    payload = parseSIWxHeader(header);
  } catch {
    return refuse(
      "signature_invalid",
      `The ${SIGN_IN_WITH_X} header is not a sign-in-with-x proof.`,
    );
  }
  const path = new URL(request.url).pathname;
  const mismatch = notOurChallenge(payload, path);
  if (mismatch) return refuse("signature_invalid", mismatch);
  const issued = openNonce(namedSecret("sign-in-nonce"), payload.nonce, path);
  if (!issued)
    return refuse(
      "signature_invalid",
      "The nonce is not one this service issued for this path, or it has expired: sign a fresh challenge.",
    );
  if (
    payload.issuedAt !== issued.issuedAt.toISOString() ||
    payload.expirationTime !== issued.expiresAt.toISOString()
  )
    return refuse("signature_invalid", "The signed times are not the challenge's.");
  let verified: Awaited<ReturnType<typeof verifySIWxSignature>>;
  try {
    verified = await verifySIWxSignature(payload);
  } catch {
    // The library formats the message before its own try: a malformed field throws.
    return refuse("signature_invalid", "The signed message is malformed.");
  }
  if (!verified.isValid) return refuse("signature_invalid", verified.invalidMessage);
  if (!(await spendNonce(db, issued.nonce, issued.expiresAt)))
    return refuse(
      "signature_invalid",
      "This proof has been used already: sign the fresh challenge.",
    );
  return { ok: true, address: verified.payer.toLowerCase() };
}

/** Why the signed message is not the challenge we issue for this path, or null. */
function notOurChallenge(payload: SIWxPayload, path: string): string | null {
  const { publicOrigin, network } = getEnv();
  if (payload.domain !== new URL(publicOrigin).host)
    return `The signed message names another domain than ${new URL(publicOrigin).host}.`;
  if (payload.uri !== `${publicOrigin}${path}`)
    return "The signed message names another origin or path.";
  if (payload.statement !== SIGN_IN_STATEMENT)
    return "The signed statement is not the challenge's.";
  if (payload.version !== "1" || payload.type !== "eip191") return "Sign an EIP-191 SIWE message.";
  if (payload.chainId !== network) return `Sign for ${network}.`;
  if (payload.notBefore !== undefined || payload.requestId !== undefined || payload.resources)
    return "The signed message carries fields the challenge does not.";
  return null;
}
