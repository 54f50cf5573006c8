import {
  type Chain,
  createWalletClient,
  http,
  publicActions,
  type TransactionSerializable,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * A wallet the service sends transactions from (the devnet facilitator, refunds). Whatever picks
 * a nonce and broadcasts goes out in turn, so concurrent senders never race for a nonce.
 */
export function createOperatorWallet(rpcUrl: string, privateKey: `0x${string}`, chain: Chain) {
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({ account, chain, transport: http(rpcUrl) }).extend(
    publicActions,
  );
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
  // The nonce after the last transaction broadcastInTurn sent and the node took, so the next one
  // need not ask the chain; null whenever the chain must be asked: at first, after a broadcast
  // whose answer was lost or refused (it may or may not hold the nonce), after work sending by its
  // own means, and after a transaction went missing. `epoch` lets forgetNonce win over a
  // broadcast in flight.
  let nextNonce: number | null = null;
  let epoch = 0;
  const forgetNonce = () => {
    nextNonce = null;
    epoch++;
  };
  /** Work that reads its own nonce and sends by its own means (refunds), alone. */
  const serialize = <T>(work: () => Promise<T>): Promise<T> =>
    inTurn(async () => {
      forgetNonce();
      try {
        return await work();
      } finally {
        forgetNonce();
      }
    });
  /**
   * Signs a transaction prepared in full but for its nonce with the wallet's next nonce, and
   * broadcasts it, in turn with every other sender. Only the nonce, the signature and the
   * broadcast wait for the senders before: the caller prepares gas and fees beforehand, in
   * parallel with them. Returns the signed transaction whatever the broadcast answered: a lost or
   * failed answer may hide a transaction that landed.
   */
  const broadcastInTurn = (request: Omit<TransactionSerializable, "nonce">) =>
    inTurn(async () => {
      const started = epoch;
      const nonce =
        nextNonce ??
        (await client.getTransactionCount({ address: account.address, blockTag: "pending" }));
      nextNonce = null;
      const raw = await account.signTransaction({ ...request, nonce } as TransactionSerializable);
      const taken = await client.sendRawTransaction({ serializedTransaction: raw }).then(
        () => true,
        () => false,
      );
      if (taken && epoch === started) nextNonce = nonce + 1;
      return raw;
    });
  return { account, client, serialize, broadcastInTurn, forgetNonce };
}

export type OperatorWallet = ReturnType<typeof createOperatorWallet>;
