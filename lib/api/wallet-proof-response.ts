import { SIGN_IN_WITH_X } from "@x402/extensions/sign-in-with-x";
import { problem } from "@/lib/api/problem";
import type { WalletRefusal } from "@/lib/wallet-auth/sign-in";

/** A missing or bad sign-in-with-x proof as its 401, carrying the fresh challenge to sign. */
export function walletProofResponse(request: Request, refusal: WalletRefusal): Response {
  return problem(refusal.code, refusal.detail, {
    instance: new URL(request.url).pathname,
    extra: { extensions: { [SIGN_IN_WITH_X]: refusal.challenge } },
    headers: { "www-authenticate": 'SIWX realm="reel402"' },
  });
}
