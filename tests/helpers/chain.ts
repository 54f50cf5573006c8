import path from "node:path";
import { createPublicClient, http } from "viem";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { type AnvilHandle, startAnvil } from "@/lib/devnet/anvil";
import { setupDevnetChain, TOKEN_ABI } from "@/lib/devnet/setup-chain";
import { freePort } from "./ports";

export type TestChain = AnvilHandle & {
  token: `0x${string}`;
  balanceOf: (address: string) => Promise<bigint>;
  transfersTo: (address: string) => Promise<number>;
};

/** A fresh devnet per test file: anvil + test USDC + funded payers, on a free port. */
export async function startTestChain(opts: { chainId?: number } = {}): Promise<TestChain> {
  const anvil = await startAnvil({
    port: await freePort(),
    ...(opts.chainId ? { chainId: opts.chainId } : {}),
  });
  const { token } = await setupDevnetChain({
    rpcUrl: anvil.rpcUrl,
    cacheDir: path.join(process.cwd(), ".data", "cache"),
    ...(opts.chainId ? { chainId: opts.chainId } : {}),
  });
  const pub = createPublicClient({
    chain: devnetChain(anvil.rpcUrl, opts.chainId),
    transport: http(anvil.rpcUrl),
  });
  return {
    ...anvil,
    token,
    balanceOf: (address) =>
      pub.readContract({
        address: token,
        abi: TOKEN_ABI,
        functionName: "balanceOf",
        args: [address as `0x${string}`],
      }),
    transfersTo: async (address) => {
      const logs = await pub.getContractEvents({
        address: token,
        abi: TOKEN_ABI,
        eventName: "Transfer",
        args: { to: address as `0x${string}` },
        fromBlock: 0n,
      });
      return logs.length;
    },
  };
}

export const PAY_TO = devnetAccount(0).address;
