import assert from "node:assert/strict";
import { after, before, beforeEach, test } from "node:test";
import { createTestClient, http, keccak256, parseTransaction } from "viem";
import { devnetAccount, devnetPrivateKey } from "@/lib/devnet/accounts";
import { localChain } from "@/lib/money/payments/chain";
import { createOperatorWallet, type OperatorWallet } from "@/lib/money/payments/operator-wallet";
import { startTestChain, type TestChain } from "../helpers/chain";
import { type RpcFaultProxy, startRpcFaultProxy } from "../helpers/rpc-fault-proxy";

/**
 * The operator wallet's turn-taking against a real anvil devnet, the RPC in front of it
 * misbehaving on cue: settlements broadcast one after another on nonces the wallet hands out
 * itself, and whenever a nonce may have gone unused (a refused or lost broadcast, a transaction
 * dropped, anything sent by other means) the next one asks the chain, so no nonce is skipped or
 * taken twice.
 */
let chain: TestChain;
let proxy: RpcFaultProxy;
let wallet: OperatorWallet;
const TO = devnetAccount(2).address;

before(async () => {
  chain = await startTestChain();
  proxy = await startRpcFaultProxy(chain.rpcUrl);
  wallet = createOperatorWallet(proxy.url, devnetPrivateKey(7), localChain(proxy.url));
});
after(async () => {
  await proxy?.close();
  await chain?.stop();
});
beforeEach(() => proxy.clear());

/** A transfer of 1 wei, prepared in full but for its nonce, as the local facilitator does. */
async function prepared() {
  const { nonce: _filled, ...request } = await wallet.client.prepareTransactionRequest({
    account: wallet.account,
    chain: wallet.client.chain,
    to: TO,
    value: 1n,
    parameters: ["chainId", "fees", "gas", "type"],
  });
  return request;
}

const nonceOf = (raw: `0x${string}`) => parseTransaction(raw).nonce ?? -1;
const landed = async (raw: `0x${string}`) =>
  (await wallet.client.waitForTransactionReceipt({ hash: keccak256(raw) })).status;
const chainNonce = () =>
  wallet.client.getTransactionCount({ address: wallet.account.address, blockTag: "pending" });

test("settlements broadcast at once take consecutive nonces, each read from the chain in turn", async () => {
  const first = await chainNonce();
  proxy.clear();
  const requests = await Promise.all(Array.from({ length: 8 }, prepared));
  const raws = await Promise.all(requests.map((r) => wallet.broadcastInTurn(r as never)));
  assert.deepEqual(
    raws.map(nonceOf).sort((a, b) => a - b),
    Array.from({ length: 8 }, (_, i) => first + i),
  );
  for (const raw of raws) assert.equal(await landed(raw), "success");
  assert.equal(proxy.calls("eth_getTransactionCount"), 8);
});

test("a broadcast the node refused leaves its nonce to the next one", async () => {
  const free = await chainNonce();
  await wallet.broadcastInTurn((await prepared()) as never);
  proxy.add({
    method: "eth_sendRawTransaction",
    fault: { kind: "error", code: -32000 },
    times: 1,
  });
  const refused = await wallet.broadcastInTurn((await prepared()) as never);
  assert.equal(nonceOf(refused), free + 1);
  const next = await wallet.broadcastInTurn((await prepared()) as never);
  assert.equal(nonceOf(next), free + 1);
  assert.equal(await landed(next), "success");
});

test("a broadcast whose answer was lost but which landed moves the next one past it", async () => {
  await wallet.broadcastInTurn((await prepared()) as never);
  proxy.add({ method: "eth_sendRawTransaction", fault: { kind: "drop" }, times: 1 });
  const lost = await wallet.broadcastInTurn((await prepared()) as never);
  assert.equal(await landed(lost), "success");
  const next = await wallet.broadcastInTurn((await prepared()) as never);
  assert.equal(nonceOf(next), nonceOf(lost) + 1);
  assert.equal(await landed(next), "success");
});

test("a transaction sent by other means in turn (a refund) is never given the next nonce again", async () => {
  await wallet.broadcastInTurn((await prepared()) as never);
  const hash = await wallet.serialize(() =>
    wallet.client.sendTransaction({
      account: wallet.account,
      chain: wallet.client.chain,
      to: TO,
      value: 1n,
    }),
  );
  const other = await wallet.client.getTransaction({ hash });
  const next = await wallet.broadcastInTurn((await prepared()) as never);
  assert.equal(nonceOf(next), other.nonce + 1);
  assert.equal(await landed(next), "success");
});

test("a transaction the node took and then dropped: its nonce goes to the next", async () => {
  const test = createTestClient({ mode: "anvil", transport: http(chain.rpcUrl) });
  await wallet.broadcastInTurn((await prepared()) as never);
  await test.setAutomine(false);
  try {
    const dropped = await wallet.broadcastInTurn((await prepared()) as never);
    await test.dropTransaction({ hash: keccak256(dropped) });
    const next = await wallet.broadcastInTurn((await prepared()) as never);
    assert.equal(nonceOf(next), nonceOf(dropped));
    await test.mine({ blocks: 1 });
  } finally {
    await test.setAutomine(true);
  }
  const after = await wallet.broadcastInTurn((await prepared()) as never);
  assert.equal(await landed(after), "success");
});
