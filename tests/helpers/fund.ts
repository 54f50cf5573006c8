import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { TOKEN_ABI } from "@/lib/devnet/setup-chain";
import { DEVNET_ACCOUNT0_KEY } from "@/lib/platform/env";

/** Mints test USDC to extra devnet accounts (payers need no ETH: the facilitator pays gas). */
export async function fundAccounts(
  rpcUrl: string,
  token: `0x${string}`,
  indexes: number[],
  amount: bigint,
) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(DEVNET_ACCOUNT0_KEY),
    chain: devnetChain(rpcUrl),
    transport: http(rpcUrl),
  });
  for (const i of indexes) {
    await wallet.writeContract({
      address: token,
      abi: TOKEN_ABI,
      functionName: "mint",
      args: [devnetAccount(i).address, amount],
    });
  }
}
