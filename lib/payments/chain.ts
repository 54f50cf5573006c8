import { type Chain, createPublicClient, http } from "viem";
import { base, baseSepolia } from "viem/chains";
import { devnetChain } from "@/lib/devnet/accounts";
import type { Env } from "@/lib/env";

/** The viem chain of the configured network, on the configured RPC. */
export function chainOf(env: Env): Chain {
  if (env.chainId === base.id) return base;
  if (env.chainId === baseSepolia.id) return baseSepolia;
  return devnetChain(env.rpcUrl ?? "http://127.0.0.1:8545");
}

export function publicClientOf(env: Env) {
  return createPublicClient({ chain: chainOf(env), transport: http(env.rpcUrl) });
}
