import { type Chain, createWalletClient, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * A wallet the service sends transactions from (the devnet facilitator, refunds). Its
 * transactions go out one at a time so concurrent senders never race for a nonce.
 */
export function createOperatorWallet(rpcUrl: string, privateKey: `0x${string}`, chain: Chain) {
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({ account, chain, transport: http(rpcUrl) }).extend(
    publicActions,
  );
  let tail: Promise<unknown> = Promise.resolve();
  const serialize = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  return { account, client, serialize };
}

export type OperatorWallet = ReturnType<typeof createOperatorWallet>;
