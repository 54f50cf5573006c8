import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  http,
  keccak256,
  pad,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Db } from "@/lib/platform/db/client";
import { devnetAccount, devnetPrivateKey } from "@/lib/devnet/accounts";
import { localChain } from "@/lib/money/payments/chain";
import { createOperatorWallet, type OperatorWallet } from "@/lib/money/payments/operator-wallet";
import { openRefund, type RefundRow, refundForJob } from "@/lib/money/refunds/repository";
import { driveRefund } from "@/lib/money/refunds/send-refund";
import { startTestChain, type TestChain } from "../helpers/chain";
import { queuedJob, tempDb } from "../helpers/jobs";
import { type RpcFaultProxy, startRpcFaultProxy } from "../helpers/rpc-fault-proxy";

/**
 * Every branch of the refund driver, in-process, against a real anvil devnet; the RPC in front of
 * it misbehaves on cue. Whatever happens, an owed refund becomes at most one transfer.
 */

const AMOUNT = 260_000;
let chain: TestChain;
let proxy: RpcFaultProxy;
let opened: Awaited<ReturnType<typeof tempDb>>;
let db: Db;
let wallet: OperatorWallet;
let nextPayer = 20;

const walletOf = (index: number) =>
  createOperatorWallet(proxy.url, devnetPrivateKey(index), localChain(proxy.url));

before(async () => {
  chain = await startTestChain();
  proxy = await startRpcFaultProxy(chain.rpcUrl);
  opened = await tempDb();
  db = opened.db;
  wallet = walletOf(9);
});
after(async () => {
  await opened?.close();
  await proxy?.close();
  await chain?.stop();
});

/** An owed refund for a fresh payer, as the job's failure opens it. */
async function owed(): Promise<RefundRow> {
  const payer = devnetAccount(nextPayer++).address.toLowerCase();
  const job = await queuedJob(db, payer);
  await openRefund(db, { id: job.id, payer, amountAtomic: AMOUNT }, "generation failed", false);
  return (await refundForJob(db, job.id)) as RefundRow;
}

const current = async (refund: RefundRow) => (await refundForJob(db, refund.jobId)) as RefundRow;
const step = async (refund: RefundRow, w = wallet) =>
  driveRefund(db, w, chain.token, await current(refund));

/** Drives until the refund stops moving; returns its last status. */
async function settle(refund: RefundRow, w = wallet): Promise<RefundRow["status"]> {
  let status = await step(refund, w);
  for (let i = 0; i < 10 && (status === "pending" || status === "sent"); i++)
    status = await step(refund, w);
  return status;
}

/**
 * Steps a broadcast refund until it stops saying "sent". Anvil can answer eth_sendRawTransaction a
 * moment before the receipt is readable: 16 of 200 sends on a loaded host. The driver then says
 * "sent" and asks again on its next tick, as it should.
 */
async function stepToReceipt(refund: RefundRow): Promise<RefundRow["status"]> {
  for (let tries = 1; ; tries++) {
    const status = await step(refund);
    if (status !== "sent" || tries >= 20) return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function assertPaidOnce(refund: RefundRow) {
  assert.equal((await current(refund)).status, "confirmed");
  assert.equal(await chain.transfersTo(refund.payer), 1, "exactly one transfer");
  assert.equal(await chain.balanceOf(refund.payer), BigInt(AMOUNT));
}

test("the transfer is signed and recorded before it is broadcast, then confirmed from its receipt", async () => {
  proxy.clear();
  const refund = await owed();
  let broadcastsAtRecord = -1;
  const status = await driveRefund(db, wallet, chain.token, refund, {
    crashAfterRecord: () => {
      broadcastsAtRecord = proxy.broadcasts().length;
    },
  });
  assert.equal(status, "sent");
  assert.equal(broadcastsAtRecord, 0, "nothing was broadcast before the record");
  const sent = await current(refund);
  assert.ok(sent.transaction && sent.rawTransaction && sent.walletNonce !== null);
  assert.equal(keccak256(sent.rawTransaction as `0x${string}`), sent.transaction);
  assert.equal(await stepToReceipt(refund), "confirmed");
  assert.ok((await current(refund)).confirmedAt);
  await assertPaidOnce(refund);
});

test("a finished refund is left alone without asking the chain", async () => {
  const refund = await owed();
  await settle(refund);
  proxy.clear();
  assert.equal(await step(refund), "confirmed");
  assert.equal(
    proxy.calls("eth_getTransactionReceipt") + proxy.calls("eth_getTransactionCount"),
    0,
  );
});

test("when signing cannot even start (the RPC is down) nothing is recorded", async () => {
  proxy.clear();
  const refund = await owed();
  proxy.add({ method: "eth_getTransactionCount", fault: { kind: "error" } });
  assert.equal(await step(refund), "pending");
  const still = await current(refund);
  assert.deepEqual([still.status, still.transaction], ["pending", null]);
  proxy.clear();
  assert.equal(await settle(refund), "confirmed");
  await assertPaidOnce(refund);
});

test("a crash between record and broadcast: the same signed bytes go out later, paid once", async () => {
  proxy.clear();
  const refund = await owed();
  await assert.rejects(
    driveRefund(db, wallet, chain.token, refund, {
      crashAfterRecord: () => {
        throw new Error("killed");
      },
    }),
    /killed/,
  );
  const recorded = await current(refund);
  assert.equal(recorded.status, "sent");
  const hashes = () => proxy.broadcasts().map((b) => b.hash);
  assert.ok(
    !hashes().includes(recorded.transaction as string),
    "the crash came before the broadcast",
  );
  assert.equal(await step(refund), "sent", "the free nonce gets the recorded bytes again");
  assert.ok(hashes().includes(recorded.transaction as string));
  assert.equal(await stepToReceipt(refund), "confirmed");
  await assertPaidOnce(refund);
});

test("a receipt read that gives no answer leaves the refund sent", async () => {
  proxy.clear();
  const refund = await owed();
  assert.equal(await step(refund), "sent");
  proxy.add({ method: "eth_getTransactionReceipt", fault: { kind: "error" } });
  assert.equal(await step(refund), "sent");
  assert.equal(await step(refund), "sent");
  proxy.clear();
  assert.equal(await stepToReceipt(refund), "confirmed");
  await assertPaidOnce(refund);
});

test("our own mined transaction seen through a lagging node: still sent, never re-signed", async () => {
  proxy.clear();
  const refund = await owed();
  const direct = createPublicClient({
    chain: localChain(chain.rpcUrl),
    transport: http(chain.rpcUrl),
  });
  const before = await direct.getBlockNumber({ cacheTime: 0 });
  assert.equal(await step(refund), "sent");
  proxy.add({ method: "eth_getTransactionReceipt", fault: { kind: "stale", block: before } });
  assert.equal(await step(refund), "sent");
  proxy.clear();
  assert.equal(await stepToReceipt(refund), "confirmed");
  await assertPaidOnce(refund);
});

test("a nonce search that gives no answer leaves the refund sent", async () => {
  proxy.clear();
  const refund = await owed();
  proxy.add({ method: "eth_sendRawTransaction", fault: { kind: "error" }, times: 1 });
  assert.equal(await step(refund), "sent");
  proxy.add({ method: "eth_blockNumber", fault: { kind: "error" } });
  assert.equal(await step(refund), "sent");
  assert.equal(await chain.transfersTo(refund.payer), 0);
  proxy.clear();
  assert.equal(await settle(refund), "confirmed");
  await assertPaidOnce(refund);
});

test("a transaction that can never land (its nonce taken by another) is re-signed, paid once", async () => {
  proxy.clear();
  const refund = await owed();
  proxy.add({ method: "eth_sendRawTransaction", fault: { kind: "error" }, times: 1 });
  assert.equal(await step(refund), "sent");
  const dead = await current(refund);
  // Another sender of the same wallet uses the nonce first.
  const other = createWalletClient({
    account: privateKeyToAccount(devnetPrivateKey(9)),
    chain: localChain(chain.rpcUrl),
    transport: http(chain.rpcUrl),
  });
  await other.sendTransaction({
    to: other.account.address,
    value: 0n,
    nonce: dead.walletNonce as number,
  });
  assert.equal(await step(refund), "pending", "the dead transaction is given up");
  const resigned = await current(refund);
  assert.deepEqual([resigned.transaction, resigned.rawTransaction], [null, null]);
  assert.equal(await settle(refund), "confirmed");
  assert.notEqual((await current(refund)).transaction, dead.transaction);
  await assertPaidOnce(refund);
});

test("a refund another process already signed is not signed and sent a second time", async () => {
  proxy.clear();
  const refund = await owed();
  const broadcasts = proxy.broadcasts().length;
  assert.equal(await driveRefund(db, wallet, chain.token, refund), "sent");
  // The same pending row, as a second process read it before the first recorded its transfer.
  assert.equal(await driveRefund(db, wallet, chain.token, refund), "sent");
  assert.equal(proxy.broadcasts().length, broadcasts + 1, "only the recorded transfer went out");
  assert.equal(await stepToReceipt(refund), "confirmed");
  await assertPaidOnce(refund);
});

test("a transfer mined but reverted is handed to the operator, not retried", async () => {
  proxy.clear();
  const poor = walletOf(8);
  const refund = await owed();
  proxy.add({ method: "eth_sendRawTransaction", fault: { kind: "error" }, times: 1 });
  assert.equal(await step(refund, poor), "sent");
  // The wallet's test USDC is gone before the recorded transfer lands (OpenZeppelin ERC20 keeps
  // balances in slot 0), so the transfer reverts.
  const slot = keccak256(
    encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [poor.account.address, 0n]),
  );
  const anvil = createTestClient({
    chain: localChain(chain.rpcUrl),
    mode: "anvil",
    transport: http(chain.rpcUrl),
  });
  await anvil.setStorageAt({ address: chain.token, index: slot, value: pad(toHex(0)) });
  assert.equal(await step(refund, poor), "sent", "the recorded bytes are sent again");
  assert.equal(await step(refund, poor), "manual");
  const manual = await current(refund);
  assert.equal(manual.confirmedAt, null);
  assert.equal(await chain.transfersTo(refund.payer), 0);
  assert.equal(await step(refund, poor), "manual", "a manual refund is never driven again");
});
