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
 * A request that may need the x402 sign-in-with-x proof (cancelling, listing a wallet's jobs).
 * Sent first without one: an answer other than 401 is the answer. A 401 carries the server's
 * challenge (domain, path, nonce, issue time); the wallet signs exactly that as a plain personal
 * message and the request goes again with the proof. Every call signs the fresh challenge its own
 * 401 carried: a proof is used once, and no nonce is ever made here.
 */
export async function fetchWithWalletProof(
  wallet: WalletClient,
  url: string,
  method = "GET",
): Promise<Response> {
  const absolute = new URL(url, window.location.origin).toString();
  const res = await fetch(absolute, { method });
  if (res.status !== 401) return res;
  const body = (await res.json().catch(() => ({}))) as {
    extensions?: Record<string, SIWxExtension>;
  };
  const challenge = body.extensions?.[SIGN_IN_WITH_X];
  const chain = challenge?.supportedChains[0];
  if (!challenge || !chain) throw new Error("the server sent no sign-in challenge");
  // Proofs are bound to the service's configured origin; a wallet signs only for the page's own.
  const origin = new URL(challenge.info.uri).origin;
  if (origin !== window.location.origin)
    throw new Error(`this service signs in at ${origin}: open the studio there`);
  const proof = await withWalletTimeout(
    createSIWxPayload(
      { ...challenge.info, chainId: chain.chainId, type: chain.type },
      wallet as Parameters<typeof createSIWxPayload>[1],
      absolute,
    ),
  );
  return fetch(absolute, { method, headers: { [SIGN_IN_WITH_X]: encodeSIWxHeader(proof) } });
}
