import { createPublicClient, http } from "viem";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/ops/doctor/check-result";
import type { Env, NetworkConfig } from "@/lib/platform";

/** Every accepted network's chain, checked alike, each reported as `chain <network>`. */
export function checkChains(env: Env): Promise<CheckResult[]> {
  return Promise.all(env.networks.map((n, i) => checkChain(env, i === 0 ? undefined : n)));
}

/**
 * The RPC answers for the right chain and USDC is deployed there: reconciliation and refunds
 * depend on it. Without `extra`, the main network (RPC_URL, USDC_ADDRESS); else an EXTRA_NETWORKS entry.
 */
export async function checkChain(env: Env, extra?: NetworkConfig): Promise<CheckResult> {
  const n = extra ?? env;
  // Named per network: with several, the operator must see which one is broken.
  const name = `chain ${n.network}`;
  const [rpcVar, assetVar] = extra
    ? ["EXTRA_NETWORKS' RPC URL", "EXTRA_NETWORKS' USDC"]
    : ["RPC_URL", "USDC_ADDRESS"];
  if (!n.rpcUrl) return skip(name, "no RPC_URL");
  if (env.devnet && env.devnetAutostart)
    return skip(name, "devnet: the launcher starts the chain and deploys the token");
  try {
    const client = createPublicClient({
      transport: http(n.rpcUrl, { timeout: 10_000, retryCount: 0 }),
    });
    const chainId = await client.getChainId();
    if (chainId !== n.chainId)
      return fail(name, `${rpcVar} is chain ${chainId}, expected ${n.chainId} (${n.network})`);
    const code = await client.getCode({ address: n.asset.address });
    if (!code || code === "0x")
      return fail(name, `no contract at ${assetVar} ${n.asset.address} on chain ${chainId}`);
    return ok(name, `chain ${chainId} answers; USDC ${n.asset.address} is deployed`);
  } catch (error) {
    return fail(name, `${rpcVar} unreachable: ${reason(error)}`);
  }
}
