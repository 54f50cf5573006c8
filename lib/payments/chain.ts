import { type Chain, createPublicClient, defineChain, http } from "viem";
import { base, baseSepolia } from "viem/chains";
import type { Env } from "@/lib/env";

/** A local EVM node (anvil's chain id), as the devnet and self-hosted test chains run it. */
export function localChain(rpcUrl: string): Chain {
  return defineChain({
    id: 31337,
    name: "Reel402 devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** The viem chain of the configured network, on the configured RPC. */
export function chainOf(env: Env): Chain {
  if (env.chainId === base.id) return base;
  if (env.chainId === baseSepolia.id) return baseSepolia;
  return localChain(env.rpcUrl ?? "http://127.0.0.1:8545");
}

export function publicClientOf(env: Env) {
  return createPublicClient({ chain: chainOf(env), transport: http(env.rpcUrl) });
}
