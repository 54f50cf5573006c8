import { type Chain, createPublicClient, defineChain } from "viem";
import { base, baseSepolia } from "viem/chains";
import type { Env, NetworkConfig } from "@/lib/platform";
import { rpcTransport } from "@/lib/money/payments/rpc-transport";

/** A local EVM node (anvil's chain id unless told), as the devnet and self-hosted test chains run it. */
export function localChain(rpcUrl: string, id = 31337): Chain {
  return defineChain({
    id,
    name: "Reel402 devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** The viem chain of one accepted network, on its RPC. */
export function chainFor(n: Pick<NetworkConfig, "chainId" | "rpcUrl">): Chain {
  if (n.chainId === base.id) return base;
  if (n.chainId === baseSepolia.id) return baseSepolia;
  const rpcUrl = n.rpcUrl ?? "http://127.0.0.1:8545";
  return n.chainId === 31337 ? localChain(rpcUrl) : localChain(rpcUrl, n.chainId);
}

/** The viem chain of the configured (main) network, on the configured RPC. */
export function chainOf(env: Env): Chain {
  return chainFor(env);
}

export function publicClientFor(n: Pick<NetworkConfig, "chainId" | "rpcUrl">) {
  return createPublicClient({ chain: chainFor(n), transport: rpcTransport(n.rpcUrl) });
}

export function publicClientOf(env: Env) {
  return publicClientFor(env);
}

/** The accepted network a job or payment row names; unknown networks are a configuration change to report. */
export function networkOf(env: Pick<Env, "networks">, network: string): NetworkConfig {
  const found = env.networks.find((n) => n.network === network);
  if (!found) throw new Error(`${network} is not an accepted network any more (EXTRA_NETWORKS)`);
  return found;
}
