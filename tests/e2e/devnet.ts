import { createPublicClient, erc20Abi, http } from "viem";

/** The browser suite's fresh devnet and server, as tests/e2e/global-setup.ts published them. */
export const e2eEnv = () => ({
  base: process.env.E2E_BASE_URL as string,
  rpc: process.env.E2E_RPC_URL as string,
  token: process.env.E2E_TOKEN as `0x${string}`,
});

/** A wallet's test-USDC balance on that devnet, in atomic units. */
export async function usdcBalance(address: `0x${string}`): Promise<bigint> {
  const { rpc, token } = e2eEnv();
  const client = createPublicClient({ transport: http(rpc) });
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address],
  });
}
