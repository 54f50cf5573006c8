import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from "@x402/extensions/sign-in-with-x";
import { devnetAccount } from "@/lib/devnet/accounts";

/**
 * A wallet proving itself with the x402 sign-in-with-x extension, as a client would: ask, take
 * the challenge from the 401, sign it with the stock helper, send it back in the header.
 */
export function signingFetch(index: number) {
  const account = devnetAccount(index);
  return {
    account,
    fetch: async (url: string, init: RequestInit = {}) => {
      const first = await fetch(url, init);
      if (first.status !== 401) return first;
      const body = (await first.json()) as { extensions: Record<string, SIWxExtension> };
      const challenge = body.extensions[SIGN_IN_WITH_X];
      const chain = challenge?.supportedChains[0];
      if (!challenge || !chain) throw new Error("401 without a sign-in-with-x challenge");
      const proof = await createSIWxPayload(
        { ...challenge.info, chainId: chain.chainId, type: chain.type },
        account,
        url,
      );
      const headers = new Headers(init.headers);
      headers.set(SIGN_IN_WITH_X, encodeSIWxHeader(proof));
      return fetch(url, { ...init, headers });
    },
  };
}
