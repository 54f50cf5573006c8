"use client";

import {
  createSIWxPayload,
  encodeSIWxHeader,
  SIGN_IN_WITH_X,
  type SIWxExtension,
} from "@x402/extensions/sign-in-with-x";
import type { WalletClient } from "viem";
import { withWalletTimeout } from "@/components/wallet-timeout";

/**
 * The x402 sign-in-with-x proof the jobs API asks for before cancelling or listing a wallet's
 * jobs. The challenge comes from the server's own 401 (domain, path, nonce, issue time), so the
 * signed message is exactly what it verifies; the wallet signs it as a plain personal message.
 */
export async function walletProofHeaders(
  wallet: WalletClient,
  url: string,
  method = "GET",
): Promise<Record<string, string>> {
  const absolute = new URL(url, window.location.origin).toString();
  const res = await fetch(absolute, { method });
  if (res.status !== 401) return {}; // nothing to prove here; the caller shows what the API answers
  const body = (await res.json().catch(() => ({}))) as {
    extensions?: Record<string, SIWxExtension>;
  };
  const challenge = body.extensions?.[SIGN_IN_WITH_X];
  const chain = challenge?.supportedChains[0];
  if (!challenge || !chain) throw new Error("the server sent no sign-in challenge");
  // Each proof is used once: every action signs the fresh challenge its own 401 carried.
  const proof = await withWalletTimeout(
    createSIWxPayload(
      { ...challenge.info, chainId: chain.chainId, type: chain.type },
      wallet as Parameters<typeof createSIWxPayload>[1],
      absolute,
    ),
  );
  return { [SIGN_IN_WITH_X]: encodeSIWxHeader(proof) };
}
