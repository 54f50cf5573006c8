import { mnemonicToAccount } from "viem/accounts";
import { DEVNET_MNEMONIC } from "@/lib/platform/edge";
import { localChain } from "@/lib/money/edge";

/** The standard test mnemonic's accounts #0–#9; #0 is the operator, #1–#9 are funded payers. */
export function devnetAccount(index: number) {
  return mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index });
}

export function devnetPrivateKey(index: number): `0x${string}` {
  const key = devnetAccount(index).getHdKey().privateKey;
  if (!key) throw new Error(`no private key for devnet account #${index}`);
  return `0x${Buffer.from(key).toString("hex")}`;
}

export const DEVNET_FUNDED_ACCOUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const DEVNET_FUNDING_ATOMIC = 1_000_000_000n; // 1,000 test USDC each

/** The devnet's chain on the given RPC. */
export const devnetChain = localChain;
