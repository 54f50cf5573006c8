import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { devnetChain, devnetPrivateKey } from "@/lib/devnet/accounts";
import { createFacilitatorThread } from "@/lib/money/payments/facilitator-thread";
import { createLocalFacilitator } from "@/lib/money/payments/local-facilitator";
import { createOperatorWallet, type OperatorWallet } from "@/lib/money/payments/operator-wallet";
import { type Env, getEnv } from "@/lib/platform/env";
import { signedPayment } from "../helpers/authorization";
import { PAY_TO, startTestChain, type TestChain } from "../helpers/chain";
import { startRpcFaultProxy } from "../helpers/rpc-fault-proxy";

/**
 * The devnet facilitator on its own thread, against a real anvil devnet: it answers verify and
 * settle as the in-process facilitator does (the same answers, errors with the same message), it
 * broadcasts only in the turns of the process's wallet for its key (so a refund holding the turn
 * holds the settlement), it reports the block a settlement landed in, and a thread that stops
 * fails the calls it held and gives back a turn it held, while the next call starts another. An idle thread does not keep its
 * process alive; one that owes an answer does.
 */
const SETTLER = 9;
let chain: TestChain;
let env: Env;
let wallet: OperatorWallet;
let thread: ReturnType<typeof createFacilitatorThread>;
const heads: { chainId: number; block: bigint }[] = [];

before(async () => {
  chain = await startTestChain();
  Object.assign(process.env, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reel402-facilitator-thread-")),
    RPC_URL: chain.rpcUrl,
  });
  env = getEnv();
  wallet = createOperatorWallet(chain.rpcUrl, devnetPrivateKey(SETTLER), devnetChain(chain.rpcUrl));
  thread = createFacilitatorThread({
    privateKey: devnetPrivateKey(SETTLER),
    chains: [{ network: env.network, wallet }],
    heads: { note: (chainId, block) => heads.push({ chainId, block }) },
  });
});
after(async () => {
  await thread?.close();
  await chain?.stop();
});

function requirements(): PaymentRequirements {
  return {
    scheme: "exact",
    network: env.network,
    amount: "1000",
    asset: chain.token,
    payTo: PAY_TO,
    maxTimeoutSeconds: 300,
    extra: { name: env.asset.name, version: env.asset.version },
  };
}

async function payment(payer: number, o: { value?: bigint } = {}): Promise<PaymentPayload> {
  const required = {
    x402Version: 2,
    resource: { url: "http://reel402.test/generate/alpha-fast/5s-720p" },
    accepts: [requirements()],
  } as PaymentRequired;
  return (await signedPayment(payer, required, o)) as PaymentPayload;
}

test("verifies and settles a signed payment on chain, and reports the settlement's block", async () => {
  const before = await chain.balanceOf(PAY_TO);
  const paid = await payment(1);
  const verified = await thread.verify(paid, requirements());
  assert.equal(verified.isValid, true, JSON.stringify(verified));
  const { from } = (paid.payload as { authorization: { from: string } }).authorization;
  assert.equal(verified.payer?.toLowerCase(), from.toLowerCase());
  const settled = await thread.settle(paid, requirements());
  assert.equal(settled.success, true, JSON.stringify(settled));
  assert.match(settled.transaction, /^0x[0-9a-f]{64}$/);
  assert.equal(await chain.balanceOf(PAY_TO), before + 1000n);
  assert.ok(heads.some((h) => h.chainId === env.chainId && h.block > 0n));
});

test("answers a payment that is wrong as the in-process facilitator does", async () => {
  const inProcess = createLocalFacilitator(wallet, env.network);
  const short = await payment(2, { value: 999n });
  const here = await thread.verify(short, requirements());
  assert.equal(here.isValid, false);
  assert.deepEqual(here, await inProcess.verify(short, requirements()));
  const notSettled = await thread.settle(short, requirements());
  assert.equal(notSettled.success, false);
  assert.deepEqual(notSettled, await inProcess.settle(short, requirements()));
});

test("an error thrown on the thread reaches the caller with its message", async () => {
  const inProcess = createLocalFacilitator(wallet, env.network);
  const elsewhere = { ...requirements(), network: "eip155:424242" as const };
  const paid = await payment(3);
  const expected = await inProcess.verify(paid, elsewhere).then(
    () => assert.fail("an unregistered network was verified"),
    (error: Error) => error,
  );
  await assert.rejects(thread.verify(paid, elsewhere), (error: Error) => {
    assert.equal(error.name, expected.name);
    assert.equal(error.message, expected.message);
    return true;
  });
});

test("broadcasts only in the wallet's turn: a sender holding it holds the settlement", async () => {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  // What a refund does: the wallet's queue, held while it reads its nonce and sends.
  const refund = wallet.serialize(() => held);
  const transfers = await chain.transfersTo(PAY_TO);
  const paid = await payment(4);
  let settledAt = 0;
  const settling = thread.settle(paid, requirements()).then((r) => {
    settledAt = Date.now();
    return r;
  });
  await new Promise((r) => setTimeout(r, 1_500));
  assert.equal(settledAt, 0, "the settlement went out while another sender held the turn");
  assert.equal(await chain.transfersTo(PAY_TO), transfers);
  release();
  await refund;
  assert.equal((await settling).success, true);
  assert.equal(await chain.transfersTo(PAY_TO), transfers + 1);
});

test("a thread that stops fails the calls it held, and the next call starts another", async () => {
  const paid = await payment(5);
  const pending = thread.verify(paid, requirements());
  await thread.close();
  await assert.rejects(pending, /facilitator thread stopped/);
  const verified = await thread.verify(paid, requirements());
  assert.equal(verified.isValid, true, JSON.stringify(verified));
});

test("a thread that stops while it holds the wallet's turn gives the turn back", async () => {
  const proxy = await startRpcFaultProxy(chain.rpcUrl);
  const key = devnetPrivateKey(SETTLER + 1);
  const own = createOperatorWallet(proxy.url, key, devnetChain(proxy.url));
  const stalled = createFacilitatorThread({
    privateKey: key,
    chains: [{ network: env.network, wallet: own }],
  });
  try {
    // The nonce read is the first call made in the turn: hung, it keeps the turn held.
    const hung = proxy.add({
      method: "eth_getTransactionCount",
      fault: { kind: "hang", ms: 60_000 },
    });
    const settling = stalled.settle(await payment(6), requirements());
    settling.catch(() => undefined);
    const deadline = Date.now() + 20_000;
    while (hung.hits() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(hung.hits(), 1, "the settlement never reached its turn");
    await stalled.close();
    await assert.rejects(settling, /facilitator thread stopped/);
    hung.remove();
    // A refund from the same key gets the turn at once.
    const refund = await Promise.race([
      own.serialize(async () => "sent"),
      new Promise((r) => setTimeout(() => r("still held"), 5_000)),
    ]);
    assert.equal(refund, "sent");
  } finally {
    await stalled.close();
    await proxy.close();
  }
});

test("a process whose facilitator thread owes nothing exits; one it owes an answer waits for it", async () => {
  const child = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "tests/fixtures/workers/facilitator-thread-idle.ts",
    ],
    { env: { ...process.env, RPC_URL: chain.rpcUrl }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  assert.equal(exited, 0, `the process did not exit by itself:\n${out}`);
  assert.match(out, /supported [1-9]/);
});
