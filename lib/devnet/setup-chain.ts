import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getContractAddress,
  http,
  parseAbi,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  DEVNET_FUNDED_ACCOUNTS,
  DEVNET_FUNDING_ATOMIC,
  devnetAccount,
  devnetChain,
} from "@/lib/devnet/accounts";
import { compileDevnetContracts } from "@/lib/devnet/compile-contracts";
import { DEVNET_ACCOUNT0_KEY } from "@/lib/platform/edge";

/** The canonical Multicall3 address, where the facilitator looks for batched reads. */
const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";

export const TOKEN_ABI = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function mint(address to, uint256 value)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "function name() view returns (string)",
  "function version() view returns (string)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

/**
 * Makes sure the devnet has the test USDC and funded payers. Idempotent: on a chain restored
 * from its state file nothing is deployed or minted again.
 */
export async function setupDevnetChain(opts: {
  rpcUrl: string;
  cacheDir: string;
  /** A second devnet chain (EXTRA_NETWORKS) runs on its own id; anvil's 31337 unless told. */
  chainId?: number;
}): Promise<{ token: `0x${string}`; deployed: boolean }> {
  const chain = devnetChain(opts.rpcUrl, opts.chainId);
  const account = privateKeyToAccount(DEVNET_ACCOUNT0_KEY);
  const pub = createPublicClient({ chain, transport: http(opts.rpcUrl) });
  const wallet = createWalletClient({ chain, account, transport: http(opts.rpcUrl) });

  const artifacts = compileDevnetContracts(opts.cacheDir);
  const testClient = createTestClient({ chain, mode: "anvil", transport: http(opts.rpcUrl) });
  await testClient.setCode({
    address: MULTICALL3_ADDRESS,
    bytecode: artifacts.aggregator.deployedBytecode,
  });

  const nonce = await pub.getTransactionCount({ address: account.address });
  if (nonce > 0) {
    // Account #0's first transaction is always the token deployment.
    const token = getContractAddress({ from: account.address, nonce: 0n });
    const code = await pub.getCode({ address: token });
    if (!code || code === "0x")
      throw new Error(`devnet chain has history but no token at ${token}; remove its state file`);
    return { token, deployed: false };
  }

  const hash = await wallet.deployContract({
    abi: artifacts.token.abi,
    bytecode: artifacts.token.bytecode,
  });
  const receipt = await pub.waitForTransactionReceipt({ hash });
  const token = receipt.contractAddress;
  if (!token) throw new Error("token deployment produced no contract address");
  let last: `0x${string}` | undefined;
  for (const i of DEVNET_FUNDED_ACCOUNTS) {
    last = await wallet.writeContract({
      address: token,
      abi: TOKEN_ABI,
      functionName: "mint",
      args: [devnetAccount(i).address, DEVNET_FUNDING_ATOMIC],
    });
  }
  if (last) await pub.waitForTransactionReceipt({ hash: last });
  return { token, deployed: true };
}
