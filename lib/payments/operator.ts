import "server-only";
import { getEnv } from "@/lib/env";
import { createOperatorWallet, type OperatorWallet } from "@/lib/payments/operator-wallet";

const holder = globalThis as unknown as { __reel402Operator?: OperatorWallet };

/** The process's one devnet operator wallet, shared so its transactions stay in one queue. */
export function getOperatorWallet(): OperatorWallet {
  const env = getEnv();
  if (env.facilitator.kind !== "local" || !env.rpcUrl) throw new Error("the operator wallet exists only on the devnet");
  holder.__reel402Operator ??= createOperatorWallet(env.rpcUrl, env.facilitator.privateKey);
  return holder.__reel402Operator;
}
