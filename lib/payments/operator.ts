import "server-only";
import { getEnv } from "@/lib/env";
import { chainOf } from "@/lib/payments/chain";
import { createOperatorWallet, type OperatorWallet } from "@/lib/payments/operator-wallet";

const holder = globalThis as unknown as { __reel402Wallets?: Map<string, OperatorWallet> };

/** One wallet object per key and process, so every sender of that key shares one queue. */
function walletFor(privateKey: `0x${string}`): OperatorWallet {
  const env = getEnv();
  if (!env.rpcUrl) throw new Error("RPC_URL is not configured");
  holder.__reel402Wallets ??= new Map();
  let wallet = holder.__reel402Wallets.get(privateKey);
  if (!wallet) {
    wallet = createOperatorWallet(env.rpcUrl, privateKey, chainOf(env));
    holder.__reel402Wallets.set(privateKey, wallet);
  }
  return wallet;
}

/** The devnet facilitator's wallet (account #0). */
export function getOperatorWallet(): OperatorWallet {
  const env = getEnv();
  if (env.facilitator.kind !== "local")
    throw new Error("the operator wallet exists only on the devnet");
  return walletFor(env.facilitator.privateKey);
}

/** The refund wallet, or null when none is configured (refunds are then left to the operator). */
export function getRefundWallet(): OperatorWallet | null {
  const key = getEnv().refundKey;
  return key ? walletFor(key) : null;
}
