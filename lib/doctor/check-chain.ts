import { createPublicClient, http } from "viem";
import { type CheckResult, fail, ok, reason, skip } from "@/lib/doctor/check-result";
import type { Env } from "@/lib/env";

/** RPC_URL answers for the right chain and USDC is deployed there: reconciliation and refunds depend on it. */
export async function checkChain(env: Env): Promise<CheckResult> {
  if (!env.rpcUrl) return skip("chain", "no RPC_URL");
  if (env.devnet && env.devnetAutostart)
    return skip("chain", "devnet: the launcher starts the chain and deploys the token");
  try {
    const client = createPublicClient({
      transport: http(env.rpcUrl, { timeout: 10_000, retryCount: 0 }),
    });
    const chainId = await client.getChainId();
    if (chainId !== env.chainId)
      return fail("chain", `RPC_URL is chain ${chainId}, expected ${env.chainId} (${env.network})`);
    const code = await client.getCode({ address: env.asset.address });
    if (!code || code === "0x")
      return fail("chain", `no contract at USDC_ADDRESS ${env.asset.address} on chain ${chainId}`);
    return ok("chain", `chain ${chainId} answers; USDC ${env.asset.address} is deployed`);
  } catch (error) {
    return fail("chain", `RPC_URL unreachable: ${reason(error)}`);
  }
}
