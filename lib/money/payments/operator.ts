import "server-only";
import type { Env } from "@/lib/platform";
import { chainFor, networkOf } from "@/lib/money/payments/chain";
import { createOperatorWallet, type OperatorWallet } from "@/lib/money/payments/operator-wallet";

export type OperatorWallets = {
  /** The devnet facilitator's wallet (account #0) on one network, the main one unless told. */
  operator: (network?: string) => OperatorWallet;
  /** The refund wallet on one network (the main one unless told), or null when none is configured. */
  refund: (network?: string) => OperatorWallet | null;
};

/**
 * The service's sending wallets: one wallet object per key and network, so every sender of that
 * key on that chain shares one queue (nonces are per chain). The composition root makes one set
 * per process; on the devnet the facilitator and the refunds share account #0 through it.
 */
export function createOperatorWallets(
  env: Pick<Env, "networks" | "facilitator" | "refundKey">,
): OperatorWallets {
  const wallets = new Map<string, OperatorWallet>();
  const walletFor = (privateKey: `0x${string}`, network: string | undefined) => {
    const n = network ? networkOf(env, network) : env.networks[0];
    if (!n?.rpcUrl) throw new Error("RPC_URL is not configured");
    const id = `${privateKey}@${n.network}`;
    let wallet = wallets.get(id);
    if (!wallet) {
      wallet = createOperatorWallet(n.rpcUrl, privateKey, chainFor(n));
      wallets.set(id, wallet);
    }
    return wallet;
  };
  return {
    operator(network) {
      if (env.facilitator.kind !== "local")
        throw new Error("the operator wallet exists only on the devnet");
      return walletFor(env.facilitator.privateKey, network);
    },
    refund(network) {
      return env.refundKey ? walletFor(env.refundKey, network) : null;
    },
  };
}
