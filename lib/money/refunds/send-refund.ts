import { encodeFunctionData, erc20Abi, keccak256 } from "viem";
import { appendAudit, auditedTransaction, type AuditType, type Db } from "@/lib/platform";
import { readFact, receiptMissing } from "@/lib/money/payments/chain-fact";
import { nonceTaker } from "@/lib/money/payments/nonce-taker";
import type { OperatorWallet } from "@/lib/money/payments/operator-wallet";
import { outboxRefundConfirmed } from "@/lib/money/refunds/refund-outbox";
import { type RefundRow, StaleRefundError, updateRefund } from "@/lib/money/refunds/repository";

export type RefundFaults = { crashAfterRecord?: () => void; crashAfterBroadcast?: () => void };

/**
 * Drives one refund a step. pending → sent: the transfer is signed and RECORDED (hash, nonce,
 * raw bytes) before it is broadcast. sent → confirmed | manual: from OUR transaction's receipt.
 * sent → pending (re-sign): only once the chain shows that a different transaction used our
 * nonce, so the recorded one can never be mined. Any read that gives no answer leaves the refund
 * as it is until the next tick: at most one transfer per refund can ever land.
 */
export async function driveRefund(
  db: Db,
  wallet: OperatorWallet,
  token: `0x${string}`,
  refund: RefundRow,
  faults: RefundFaults = {},
): Promise<RefundRow["status"]> {
  if (refund.status === "pending") return signAndSend(db, wallet, token, refund, faults);
  if (
    refund.status !== "sent" ||
    !refund.transaction ||
    !refund.rawTransaction ||
    refund.walletNonce === null
  )
    return refund.status;
  const { client, account } = wallet;
  const hash = refund.transaction as `0x${string}`;

  const receipt = await readFact(() => client.getTransactionReceipt({ hash }), receiptMissing);
  if (receipt.kind === "unknown") return "sent";
  if (receipt.kind === "yes") {
    const status: RefundRow["status"] = receipt.value.status === "success" ? "confirmed" : "manual";
    await moveSentRefund(
      db,
      refund,
      hash,
      { status, confirmedAt: status === "confirmed" ? new Date() : null },
      status === "confirmed" ? "refund.confirmed" : "refund.manual",
      { transaction: hash, receipt: receipt.value.status },
      status === "confirmed"
        ? (tx) =>
            outboxRefundConfirmed(tx, {
              jobId: refund.jobId,
              amountAtomic: refund.amountAtomic,
              transaction: hash,
            })
        : undefined,
    );
    return status;
  }

  // No receipt for our hash. A moved nonce is not proof the transfer was lost: our own
  // transaction may be what moved it (and the receipt read was stale). Find who took it.
  const taker = await nonceTaker(client, account.address, refund.walletNonce);
  if (taker.kind === "unknown") return "sent";
  if (taker.kind === "no") {
    // The nonce is still free: the same signed bytes again (one nonce, so at most one can land).
    await client
      .sendRawTransaction({ serializedTransaction: refund.rawTransaction as `0x${string}` })
      .catch(() => undefined);
    return "sent";
  }
  if (taker.value.toLowerCase() === hash.toLowerCase()) return "sent"; // ours is mined; its receipt will follow
  await moveSentRefund(
    db,
    refund,
    hash,
    { status: "pending", rawTransaction: null, transaction: null, walletNonce: null },
    "refund.resigned",
    { dead: hash, nonce: refund.walletNonce, takenBy: taker.value },
  );
  return "pending";
}

/**
 * Moves a sent refund on and audits the move (plus `alsoInTransaction`, e.g. its webhook), in one
 * transaction, only if the refund is still the sent transfer `hash` we read: a concurrent driver
 * that moved it first wins, and nothing is audited (or announced) twice.
 */
async function moveSentRefund(
  db: Db,
  refund: RefundRow,
  hash: `0x${string}`,
  patch: Parameters<typeof updateRefund>[3],
  event: AuditType,
  data: Record<string, unknown>,
  alsoInTransaction?: (tx: Db) => Promise<void>,
): Promise<void> {
  await auditedTransaction(db, refund.jobId, async (tx) => {
    if (!(await movedFirst(() => updateRefund(tx, refund.id, "sent", patch, hash)))) return;
    await appendAudit(tx, event, refund.jobId, data);
    await alsoInTransaction?.(tx);
  });
}

/** Runs the move; false when another driver moved the refund first (nothing is written then). */
async function movedFirst(move: () => Promise<void>): Promise<boolean> {
  try {
    await move();
    return true;
  } catch (error) {
    if (error instanceof StaleRefundError) return false;
    throw error;
  }
}

async function signAndSend(
  db: Db,
  wallet: OperatorWallet,
  token: `0x${string}`,
  refund: RefundRow,
  faults: RefundFaults,
): Promise<RefundRow["status"]> {
  const { client, account } = wallet;
  return wallet.serialize(async (): Promise<RefundRow["status"]> => {
    let raw: `0x${string}`;
    let nonce: number;
    try {
      nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
      const request = await client.prepareTransactionRequest({
        account,
        chain: client.chain,
        to: token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [refund.payer as `0x${string}`, BigInt(refund.amountAtomic)],
        }),
        nonce,
      });
      raw = await client.signTransaction(request as never);
    } catch {
      return "pending"; // nothing signed or recorded: try again next tick
    }
    const hash = keccak256(raw);
    const recorded = await auditedTransaction(db, refund.jobId, async (tx) => {
      const ok = await movedFirst(() =>
        updateRefund(tx, refund.id, "pending", {
          status: "sent",
          rawTransaction: raw,
          transaction: hash,
          walletNonce: nonce,
          sentAt: new Date(),
        }),
      );
      if (ok)
        await appendAudit(tx, "refund.sent", refund.jobId, {
          transaction: hash,
          amount: refund.amountAtomic,
          nonce,
        });
      return ok;
    });
    if (!recorded) return "sent";
    faults.crashAfterRecord?.();
    // An error here may hide a transaction that landed: the next tick asks the chain.
    await client.sendRawTransaction({ serializedTransaction: raw }).catch(() => undefined);
    faults.crashAfterBroadcast?.();
    return "sent";
  });
}
