import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { createPublicClient, http, parseAbiItem } from "viem";
import { devnetAccount, devnetChain, devnetPrivateKey } from "@/lib/devnet/accounts";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import { createOperatorWallet, type OperatorWallet } from "@/lib/money/payments/operator-wallet";
import { openRefund, refundForJob, refundsInStatus } from "@/lib/money/refunds/repository";
import { driveRefund } from "@/lib/money/refunds/send-refund";
import { startTestChain, type TestChain } from "../helpers/chain";
import { queuedJob, tempDb } from "../helpers/jobs";
import { type FaultRule, type RpcFaultProxy, startRpcFaultProxy } from "../helpers/rpc-fault-proxy";

const TRANSFER = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);
const REFUND_WALLET = 9;
const AMOUNT = 260_000;
const N = 3;
const byHash = (r: { params?: unknown[] }) => String(r.params?.[0]).toLowerCase();

/**
 * The refund driver, in-process, against a real anvil behind a misbehaving RPC: whatever the RPC
 * answers, each owed refund becomes exactly one transfer on chain.
 */
describe("refund driver under RPC faults", () => {
  let chain: TestChain;
  let proxy: RpcFaultProxy;
  let db: Db;
  let wallet: OperatorWallet;
  let nextPayer = 30;
  let firstBlock = 0n;
  const direct = () =>
    createPublicClient({ chain: devnetChain(chain.rpcUrl), transport: http(chain.rpcUrl) });

  before(async () => {
    chain = await startTestChain();
    proxy = await startRpcFaultProxy(chain.rpcUrl);
    db = (await tempDb()).db;
    wallet = createOperatorWallet(
      proxy.url,
      devnetPrivateKey(REFUND_WALLET),
      devnetChain(proxy.url),
    );
    firstBlock = await direct().getBlockNumber({ cacheTime: 0 });
  });
  after(async () => {
    await proxy?.close();
    await chain?.stop();
  });

  /** Opens N refunds for fresh payers, drives them through `rules` until settled, returns figures. */
  async function refundUnder(rules: FaultRule[], maxTicks = 60) {
    const payers = Array.from({ length: N }, () =>
      devnetAccount(nextPayer++).address.toLowerCase(),
    );
    const walletStart = await chain.balanceOf(wallet.account.address);
    const starts = await Promise.all(payers.map((p) => chain.balanceOf(p)));
    const jobs = [];
    for (const payer of payers) {
      const job = await queuedJob(db, payer);
      await openRefund(
        db,
        { id: job.id, payer, amountAtomic: AMOUNT },
        "generation failed after every attempt",
        false,
      );
      jobs.push(job.id);
    }
    proxy.clear();
    for (const rule of rules) proxy.add(rule);
    for (let tick = 0; tick < maxTicks; tick++) {
      const open = await refundsInStatus(db, ["pending", "sent"]);
      if (!open.length) break;
      for (const refund of open)
        await driveRefund(db, wallet, chain.token, refund).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
    const faulted = Object.fromEntries(
      [
        "eth_getTransactionReceipt",
        "eth_getTransactionCount",
        "eth_sendRawTransaction",
        "eth_getBlockByNumber",
      ].map((m) => [m, proxy.faulted(m)]),
    );
    proxy.clear();
    const transfers = await Promise.all(
      payers.map(async (p) =>
        (
          await direct().getLogs({
            address: chain.token,
            event: TRANSFER,
            args: { from: wallet.account.address, to: p as `0x${string}` },
            fromBlock: 0n,
          })
        ).map((l) => l.args.value),
      ),
    );
    const net = await Promise.all(
      payers.map(async (p, i) => (await chain.balanceOf(p)) - (starts[i] as bigint)),
    );
    const statuses = await Promise.all(
      jobs.map(async (id) => (await refundForJob(db, id))?.status),
    );
    console.log(
      `faults injected: ${JSON.stringify(faulted)}; transfers per refund: ${transfers.map((t) => t.length).join(",")}`,
    );
    return {
      faulted,
      transfers,
      net,
      statuses,
      walletDrop: walletStart - (await chain.balanceOf(wallet.account.address)),
    };
  }

  function assertExactlyOnce(r: Awaited<ReturnType<typeof refundUnder>>) {
    assert.deepEqual(r.statuses, Array(N).fill("confirmed"));
    assert.deepEqual(
      r.transfers,
      Array(N).fill([BigInt(AMOUNT)]),
      "one transfer of the quote per refund",
    );
    assert.deepEqual(
      r.net,
      Array(N).fill(BigInt(AMOUNT)),
      "each payer receives the quote exactly once",
    );
    assert.equal(r.walletDrop, BigInt(AMOUNT * N), "the refund wallet pays exactly what is owed");
  }

  test("receipt look-ups failing with -32005, many times per refund", {
    timeout: 120_000,
  }, async () => {
    const r = await refundUnder([
      { method: "eth_getTransactionReceipt", fault: { kind: "error" }, times: 12, key: byHash },
    ]);
    assertExactlyOnce(r);
    assert.equal(r.faulted.eth_getTransactionReceipt, 12 * N);
  });

  test("nonce and receipt reads failing together", { timeout: 120_000 }, async () => {
    const r = await refundUnder([
      { method: "eth_getTransactionReceipt", fault: { kind: "error" }, times: 8, key: byHash },
      { method: "eth_getTransactionCount", fault: { kind: "error" }, times: 10 },
    ]);
    assertExactlyOnce(r);
    assert.equal(r.faulted.eth_getTransactionCount, 10);
  });

  test("a broadcast that lands but whose answer is lost, then receipts lost after forwarding", {
    timeout: 120_000,
  }, async () => {
    const r = await refundUnder([
      {
        method: "eth_sendRawTransaction",
        fault: { kind: "drop", status: 500 },
        times: 1,
        key: byHash,
      },
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "drop", status: "reset" },
        times: 6,
        key: byHash,
      },
    ]);
    assertExactlyOnce(r);
    assert.equal(r.faulted.eth_sendRawTransaction, N);
  });

  test("receipt look-ups hanging until the gateway resets them", { timeout: 120_000 }, async () => {
    const r = await refundUnder([
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "hang", ms: 300 },
        times: 6,
        key: byHash,
      },
    ]);
    assertExactlyOnce(r);
    assert.equal(r.faulted.eth_getTransactionReceipt, 6 * N);
  });

  test("stale receipts (a lagging node says 'no receipt') while the nonce has moved", {
    timeout: 120_000,
  }, async () => {
    const head = await direct().getBlockNumber({ cacheTime: 0 });
    const r = await refundUnder([
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "stale", block: head },
        times: 15,
        key: byHash,
      },
    ]);
    assertExactlyOnce(r);
    assert.equal(r.faulted.eth_getTransactionReceipt, 15 * N);
  });

  test("a stale pending nonce: the refund signed on a used nonce is re-signed, still paid once", {
    timeout: 120_000,
  }, async () => {
    // As of the first block the refund wallet had sent nothing: nonce 0, long since used.
    const r = await refundUnder([
      {
        method: "eth_getTransactionCount",
        fault: { kind: "stale", block: firstBlock },
        times: 2,
        match: (q) => q.params?.[1] === "pending",
      },
    ]);
    assertExactlyOnce(r);
    assert.equal(r.faulted.eth_getTransactionCount, 2);
    const resigned = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, "refund.resigned"));
    assert.ok(resigned.length >= 1, "a refund signed on a taken nonce was re-signed");
    for (const e of resigned) assert.notEqual(e.data.takenBy, e.data.dead);
  });

  test("the fault proxy answers a JSON-RPC batch item by item", async () => {
    const rule = proxy.add({ method: "eth_blockNumber", fault: { kind: "error" }, times: 1 });
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
      { jsonrpc: "2.0", id: 2, method: "eth_chainId", params: [] },
    ];
    const res = await fetch(proxy.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(batch),
    });
    const answers = (await res.json()) as {
      id: number;
      result?: string;
      error?: { code: number };
    }[];
    rule.remove();
    assert.equal(answers.find((a) => a.id === 1)?.error?.code, -32005);
    assert.equal(answers.find((a) => a.id === 2)?.result, "0x7a69");
  });
});
