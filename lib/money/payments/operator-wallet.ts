import { type Chain, createWalletClient, publicActions, type TransactionSerializable } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { rpcTransport } from "@/lib/money/payments/rpc-transport";
import { newTurnLock, REQUEST_THREAD, sharedTurns } from "@/lib/money/payments/turn-lock";

/**
 * A wallet the service sends transactions from (the devnet facilitator, refunds). Whatever picks
 * a nonce and broadcasts goes out in turn, so concurrent senders never race for a nonce. The turns
 * are kept by `turns.lock`, which a wallet for the same key on another thread shares, under a
 * holder number of its own (facilitator-thread.ts): the request thread's wallet makes the lock.
 */
export function createOperatorWallet(
  rpcUrl: string,
  privateKey: `0x${string}`,
  chain: Chain,
  turns: { lock: Int32Array; holder: number } = { lock: newTurnLock(), holder: REQUEST_THREAD },
) {
  const inTurn = sharedTurns(turns.lock, turns.holder);
  const account = privateKeyToAccount(privateKey);
  const client = createWalletClient({ account, chain, transport: rpcTransport(rpcUrl) }).extend(
    publicActions,
  );
  /** Work that reads its own nonce and sends by its own means (refunds), alone. */
  const serialize = inTurn;
  /**
   * Signs a transaction prepared in full but for its nonce with the chain's next (pending) nonce,
   * and broadcasts it, in turn with every other sender of this process. Only the nonce read, the
   * signature and the broadcast wait for the senders before: the caller prepares gas and fees
   * beforehand, in parallel with them. The nonce is read from the chain every time, never kept:
   * other processes (another instance, an operator script, a funding transfer) send from the same
   * key. Returns the signed transaction whatever the broadcast answered: a lost or failed answer
   * may hide a transaction that landed.
   */
  const broadcastInTurn = (request: Omit<TransactionSerializable, "nonce">) =>
    inTurn(async () => {
      const nonce = await client.getTransactionCount({
        address: account.address,
        blockTag: "pending",
      });
      const raw = await account.signTransaction({ ...request, nonce } as TransactionSerializable);
      await client.sendRawTransaction({ serializedTransaction: raw }).catch(() => undefined);
      return raw;
    });
  return { account, client, rpcUrl, turnLock: turns.lock, serialize, broadcastInTurn };
}

export type OperatorWallet = ReturnType<typeof createOperatorWallet>;
