import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createPublicClient, http, keccak256, parseAbiItem, toFunctionSelector } from "viem";
import { devnetAccount, devnetChain, devnetPrivateKey } from "@/lib/devnet/accounts";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { fundAccounts } from "../helpers/fund";
import { payForJob } from "../helpers/pay";
import { payingFetch } from "../helpers/payer";
import { waitFor, waitForJob } from "../helpers/poll";
import {
  type FaultRule,
  type RpcFaultProxy,
  selectorOf,
  startRpcFaultProxy,
} from "../helpers/rpc-fault-proxy";
import { startServer, type TestServer } from "../helpers/server";

const TRANSFER = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);
const REFUND_TRANSFER = toFunctionSelector("transfer(address,uint256)");
const SETTLE = toFunctionSelector(
  "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
);
const AUTH_STATE = toFunctionSelector("authorizationState(address,bytes32)");
const REFUND_KEY = devnetPrivateKey(9);
const REFUND_WALLET = devnetAccount(9).address;
const QUOTE = 260_000n;
const PATH = "/generate/alpha-fast/custom";
const N = 3;
const FUNDING = 2_000_000n;

type Req = { method: string; params?: unknown[] };
const param0 = (r: Req) => String(r.params?.[0]).toLowerCase();

/**
 * The built server against a real anvil behind a misbehaving JSON-RPC proxy. Every figure is
 * read from anvil directly: transfers counted from its logs, balances from its state.
 */
describe("money under RPC faults", () => {
  let chain: TestChain;
  let proxy: RpcFaultProxy;
  const servers: TestServer[] = [];
  const drops: (() => Promise<void>)[] = [];
  let nextPayer = 40;
  let refunder: TestServer;
  let settler: TestServer;
  let reconciler: TestServer;
  let reconciled: {
    payers: string[];
    jobs: string[];
    staleHits: () => number;
    logHits: () => number;
  };

  const direct = () =>
    createPublicClient({ chain: devnetChain(chain.rpcUrl), transport: http(chain.rpcUrl) });
  const txOf = (selector: string) => (r: Req) =>
    proxy.broadcasts().some((b) => b.hash === param0(r) && b.selector === selector);
  const rawOf = (selector: string) => (r: Req) => selectorOf(String(r.params?.[0])) === selector;
  const rawHash = (r: Req) => keccak256(String(r.params?.[0]) as `0x${string}`);
  const transfersFrom = async (from: string, to: string) =>
    (
      await direct().getLogs({
        address: chain.token,
        event: TRANSFER,
        args: { from: from as `0x${string}`, to: to as `0x${string}` },
        fromBlock: 0n,
      })
    ).map((l) => l.args.value);

  const start = async (env: Record<string, string>) => {
    const db = await createTestDatabase();
    drops.push(db.drop);
    const s = await startServer({
      RPC_URL: proxy.url,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      POLL_INTERVAL_MS: "100",
      PAYMENT_VALIDITY_SECONDS: "30",
      ...env,
    });
    servers.push(s);
    return s;
  };
  const payers = (n: number) => Array.from({ length: n }, () => nextPayer++);
  const pay = (server: TestServer, index: number) =>
    payForJob(server.url, index, PATH, {
      prompt: `a kite over dunes ${index}`,
      duration: 4,
      resolution: "480p",
    });

  before(async () => {
    chain = await startTestChain();
    proxy = await startRpcFaultProxy(chain.rpcUrl);
    await fundAccounts(
      chain.rpcUrl,
      chain.token,
      Array.from({ length: 24 }, (_, i) => 40 + i),
      FUNDING,
    );
    [reconciler, refunder, settler] = await Promise.all([
      start({ DEVNET_FAULTS: "settle-timeout-after" }),
      start({ LOCAL_RENDER_FAULT_RATE: "1", REFUND_PRIVATE_KEY: REFUND_KEY }),
      start({}),
    ]);

    // Every settlement on `reconciler` times out after its transfer landed, so the reconciler must
    // find it on chain, while a node lagging before those transfers answers authorizationState
    // for 45 s (past validity + margin). Started first, checked last, so the wait overlaps.
    const head = await direct().getBlockNumber({ cacheTime: 0 });
    const callData = (r: Req) =>
      String(
        (r.params?.[0] as { data?: string; input?: string } | undefined)?.data ??
          (r.params?.[0] as { input?: string } | undefined)?.input,
      );
    const stale = proxy.add({
      method: "eth_call",
      fault: { kind: "stale", block: head },
      match: (r) => callData(r).startsWith(AUTH_STATE),
      until: Date.now() + 45_000,
    });
    const logs = proxy.add({ method: "eth_getLogs", fault: { kind: "error" }, times: 8 });
    const indexes = payers(N);
    const jobs = [];
    for (const i of indexes) jobs.push(await devnetPay(reconciler.url, i));
    reconciled = {
      payers: indexes.map((i) => devnetAccount(i).address),
      jobs,
      staleHits: stale.hits,
      logHits: logs.hits,
    };
  });

  after(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    for (const d of drops) await d().catch(() => undefined);
    await proxy?.close();
    await chain?.stop();
  });

  /** A paid request that may come back 202 (settlement pending): returns the job id. */
  async function devnetPay(url: string, index: number): Promise<string> {
    const res = await payingFetch(index).fetch(`${url}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        prompt: `a kite over dunes ${index}`,
        duration: 4,
        resolution: "480p",
      }),
    });
    assert.ok([200, 202].includes(res.status), `paid POST → ${res.status}`);
    return ((await res.json()) as { job_id: string }).job_id;
  }

  async function failedJobsUnder(name: string, rules: FaultRule[]) {
    const handles = rules.map((r) => proxy.add(r));
    const indexes = payers(N);
    const created = await Promise.all(indexes.map((i) => pay(refunder, i)));
    const done = await Promise.all(
      created.map((c) =>
        waitFor(
          `${name}: refund of ${c.job_id} confirmed`,
          async () => {
            const j = (await (await fetch(`${refunder.url}/jobs/${c.job_id}`)).json()) as {
              status: string;
              refund: { status: string } | null;
            };
            return j.refund?.status === "confirmed" ? j : null;
          },
          90_000,
        ),
      ),
    );
    // Let a few more maintenance ticks pass: a second transfer would show up now.
    await new Promise((r) => setTimeout(r, 2_500));
    for (const h of handles) h.remove();
    const addresses = indexes.map((i) => devnetAccount(i).address);
    const transfers = await Promise.all(addresses.map((a) => transfersFrom(REFUND_WALLET, a)));
    const net = await Promise.all(addresses.map(async (a) => (await chain.balanceOf(a)) - FUNDING));
    const hits = handles.map((h) => h.hits());
    console.log(
      `${name}: faults injected ${hits.join("+")}; refund transfers per failed job ${transfers.map((t) => t.length).join(",")}; payer net ${net.join(",")}`,
    );
    assert.deepEqual(
      done.map((j) => j.status),
      Array(N).fill("failed"),
    );
    assert.ok(
      hits.every((h) => h > 0),
      `${name}: every fault rule fired (${hits.join(",")})`,
    );
    assert.deepEqual(
      transfers,
      Array(N).fill([QUOTE]),
      `${name}: exactly one refund transfer per failed job`,
    );
    assert.deepEqual(net, Array(N).fill(0n), `${name}: each payer's net change is zero`);
  }

  test("failed jobs: exactly one refund each, whatever the RPC answers the refund look-ups", {
    timeout: 360_000,
  }, async () => {
    const walletStart = await chain.balanceOf(REFUND_WALLET);
    const refundTx = txOf(REFUND_TRANSFER);
    await failedJobsUnder("errors", [
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "error" },
        times: 8,
        match: refundTx,
        key: param0,
      },
      {
        method: "eth_getTransactionCount",
        fault: { kind: "error" },
        times: 6,
        match: (r) => param0(r) === REFUND_WALLET.toLowerCase(),
      },
    ]);
    await failedJobsUnder("lost answers", [
      {
        method: "eth_sendRawTransaction",
        fault: { kind: "drop", status: 500 },
        times: 1,
        match: rawOf(REFUND_TRANSFER),
        key: rawHash,
      },
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "drop", status: "reset" },
        times: 6,
        match: refundTx,
        key: param0,
      },
    ]);
    await failedJobsUnder("hangs", [
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "hang", ms: 400 },
        times: 6,
        match: refundTx,
        key: param0,
      },
    ]);
    const head = await direct().getBlockNumber({ cacheTime: 0 });
    await failedJobsUnder("stale reads", [
      {
        method: "eth_getTransactionReceipt",
        fault: { kind: "stale", block: head },
        times: 12,
        match: refundTx,
        key: param0,
      },
    ]);
    assert.equal(
      walletStart - (await chain.balanceOf(REFUND_WALLET)),
      QUOTE * BigInt(4 * N),
      "the refund wallet paid exactly the refunds owed",
    );
  });

  test("settlements whose broadcast answer or receipts are lost: each payer pays exactly the quote for a succeeded job", {
    timeout: 180_000,
  }, async () => {
    const settleTx = txOf(SETTLE);
    const rules = [
      proxy.add({
        method: "eth_sendRawTransaction",
        fault: { kind: "drop", status: 500 },
        times: 1,
        match: rawOf(SETTLE),
        key: rawHash,
      }),
      proxy.add({
        method: "eth_getTransactionReceipt",
        fault: { kind: "error" },
        times: 3,
        match: settleTx,
        key: param0,
      }),
    ];
    const indexes = payers(N);
    const jobs = [];
    for (const i of indexes) jobs.push(await devnetPay(settler.url, i));
    const finished = await Promise.all(jobs.map((id) => waitForJob(settler.url, id, 120_000)));
    for (const r of rules) r.remove();
    const net = await Promise.all(
      indexes.map(async (i) => (await chain.balanceOf(devnetAccount(i).address)) - FUNDING),
    );
    console.log(
      `settle path: faults injected ${rules.map((r) => r.hits()).join("+")}; jobs ${finished.map((j) => j.status).join(",")}; payer net ${net.join(",")}`,
    );
    assert.ok(rules.every((r) => r.hits() > 0));
    assert.deepEqual(
      finished.map((j) => j.status),
      Array(N).fill("succeeded"),
    );
    assert.deepEqual(net, Array(N).fill(-QUOTE));
  });

  test("reconciliation while a lagging node calls the authorization unused past its validity: settled, never cancelled", {
    timeout: 180_000,
  }, async () => {
    const { payers: addresses, jobs, staleHits, logHits } = reconciled;
    const finished = await Promise.all(jobs.map((id) => waitForJob(reconciler.url, id, 150_000)));
    const net = await Promise.all(addresses.map(async (a) => (await chain.balanceOf(a)) - FUNDING));
    console.log(
      `reconciliation: stale answers ${staleHits()}, log errors ${logHits()}; jobs ${finished.map((j) => j.status).join(",")}; payer net ${net.join(",")}`,
    );
    assert.ok(staleHits() > 0 && logHits() > 0);
    assert.deepEqual(
      finished.map((j) => j.status),
      Array(N).fill("succeeded"),
    );
    assert.deepEqual(net, Array(N).fill(-QUOTE));
  });
});
