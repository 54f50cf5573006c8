import { createWalletClient, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devnetChain } from "@/lib/devnet/accounts";

/**
 * The devnet operator wallet (account #0): it settles payments and, later, sends refunds.
 * Its transactions go out one at a time so concurrent settlements never race for a nonce.
 */
export function createOperatorWallet(rpcUrl: string, privateKey: `0x${string}`) {
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({ account, chain: devnetChain(rpcUrl), transport: http(rpcUrl) }).extend(publicActions);
  let tail: Promise<unknown> = Promise.resolve();
  const serialize = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  return { account, client, serialize };
}

export type OperatorWallet = ReturnType<typeof createOperatorWallet>;
