import { base, baseSepolia } from "viem/chains";

/**
 * The JSON-RPC endpoint the studio reads the chain through: Base's public endpoints on Base, the
 * devnet node otherwise. Shared by the wagmi transport and the Content-Security-Policy.
 */
export function browserRpcUrl(config: { chainId: number; rpcUrl: string | null }): string {
  if (config.chainId === base.id) return base.rpcUrls.default.http[0];
  if (config.chainId === baseSepolia.id) return baseSepolia.rpcUrls.default.http[0];
  return config.rpcUrl ?? "http://127.0.0.1:8545";
}
