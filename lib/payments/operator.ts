import "server-only";
import { getEnv } from "@/lib/env";
import { chainFor, networkOf } from "@/lib/payments/chain";
import { createOperatorWallet, type OperatorWallet } from "@/lib/payments/operator-wallet";

const holder = globalThis as unknown as { __reel402Wallets?: Map<string, OperatorWallet> };

/**
 * One wallet object per key, network and process, so every sender of that key on that chain
 * shares one queue (nonces are per chain).
 */
function walletFor(privateKey: `0x${string}`, network: string | undefined): OperatorWallet {
  const env = getEnv();
  const n = network ? networkOf(env, network) : env.networks[0];
  if (!n?.rpcUrl) throw new Error("RPC_URL is not configured");
  holder.__reel402Wallets ??= new Map();
  const id = `${privateKey}@${n.network}`;
  let wallet = holder.__reel402Wallets.get(id);
  if (!wallet) {
    wallet = createOperatorWallet(n.rpcUrl, privateKey, chainFor(n));
    holder.__reel402Wallets.set(id, wallet);
  }
  return wallet;
}

/** The devnet facilitator's wallet (account #0) on one network, the main one unless told. */
export function getOperatorWallet(network?: string): OperatorWallet {
  const env = getEnv();
  if (env.facilitator.kind !== "local")
    throw new Error("the operator wallet exists only on the devnet");
  return walletFor(env.facilitator.privateKey, network);
}

/** The refund wallet on one network (the main one unless told), or null when none is configured. */
export function getRefundWallet(network?: string): OperatorWallet | null {
  const key = getEnv().refundKey;
  return key ? walletFor(key, network) : null;
}
