import { encodeFunctionData, erc20Abi, keccak256 } from "viem";
import { appendAudit, auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import type { OperatorWallet } from "@/lib/payments/operator-wallet";
import { type RefundRow, updateRefund } from "@/lib/refunds/repository";

export type RefundFaults = { crashAfterRecord?: () => void; crashAfterBroadcast?: () => void };

/**
 * Drives one refund a step: a pending refund is signed, RECORDED, then broadcast; a sent one is
 * resolved by reading the chain. A crash anywhere leaves a record that leads to the same
 * transaction, so the payer is paid back exactly once.
 */
export async function driveRefund(db: Db, wallet: OperatorWallet, token: `0x${string}`, refund: RefundRow, faults: RefundFaults = {}): Promise<RefundRow["status"]> {
  const { client, account } = wallet;
  if (refund.status === "pending") {
    return wallet.serialize(async (): Promise<RefundRow["status"]> => {
      const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
      const request = await client.prepareTransactionRequest({
        account,
        chain: client.chain,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [refund.payer as `0x${string}`, BigInt(refund.amountAtomic)] }),
        nonce,
      });
      const raw = await client.signTransaction(request as never);
      const hash = keccak256(raw);
      const recorded = await auditedTransaction(db, async (tx) => {
        const ok = await updateRefund(tx, refund.id, "pending", { status: "sent", rawTransaction: raw, transaction: hash, walletNonce: nonce, sentAt: new Date() });
        if (ok) await appendAudit(tx, "refund.sent", refund.jobId, { transaction: hash, amount: refund.amountAtomic });
        return ok;
      });
      if (!recorded) return "sent";
      faults.crashAfterRecord?.();
      await client.sendRawTransaction({ serializedTransaction: raw }).catch(() => undefined);
      faults.crashAfterBroadcast?.();
      return "sent";
    });
  }
  if (refund.status !== "sent" || !refund.transaction || !refund.rawTransaction || refund.walletNonce === null) return refund.status;

  const receipt = await client.getTransactionReceipt({ hash: refund.transaction as `0x${string}` }).catch(() => null);
  if (receipt) {
    const status: RefundRow["status"] = receipt.status === "success" ? "confirmed" : "manual";
    await auditedTransaction(db, async (tx) => {
      if (await updateRefund(tx, refund.id, "sent", { status, confirmedAt: status === "confirmed" ? new Date() : null })) {
        await appendAudit(tx, status === "confirmed" ? "refund.confirmed" : "refund.manual", refund.jobId, { transaction: refund.transaction, receipt: receipt.status });
      }
    });
    return status;
  }
  const mined = await client.getTransactionCount({ address: account.address, blockTag: "latest" });
  if (mined > refund.walletNonce) {
    // Another transaction took this nonce, so the recorded one can never be mined: sign afresh.
    await auditedTransaction(db, async (tx) => {
      if (await updateRefund(tx, refund.id, "sent", { status: "pending", rawTransaction: null, transaction: null, walletNonce: null })) {
        await appendAudit(tx, "refund.resigned", refund.jobId, { dead: refund.transaction });
      }
    });
    return "pending";
  }
  await client.sendRawTransaction({ serializedTransaction: refund.rawTransaction as `0x${string}` }).catch(() => undefined);
  return "sent";
}
