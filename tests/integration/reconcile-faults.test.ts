import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { createPublicClient, createWalletClient, http, parseAbi, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import type { Db } from "@/lib/platform/db/client";
import { DEVNET_ACCOUNT0_KEY, DEVNET_NETWORK } from "@/lib/platform/env";
import { getJob, insertJob } from "@/lib/jobs/repository";
import { createChainHeads } from "@/lib/money/payments/chain-head";
import { reconcilePayments } from "@/lib/checkout/settlement/reconcile";
import { getPaymentForJob, insertPayment } from "@/lib/money/payments/repository";
import { startTestChain, type TestChain } from "../helpers/chain";
import { SPEC, tempDb } from "../helpers/jobs";
import { TRANSFER_WITH_AUTHORIZATION_TYPES as TYPES } from "../helpers/authorization";
import { type RpcFaultProxy, startRpcFaultProxy } from "../helpers/rpc-fault-proxy";

const EIP3009 = parseAbi([
  "function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)",
  "function name() view returns (string)",
]);
const AMOUNT = 260_000;
const heads = createChainHeads();
const OPTS = {
  staleVerifiedMs: 60_000,
  expiryMarginSeconds: 10,
  heads,
  settle: async (): Promise<never> => {
    throw new Error("these payments are never settled again");
  },
};

/** The reconciler in-process, reading a real anvil through a misbehaving RPC. */
describe("settlement reconciliation under RPC faults", () => {
  let chain: TestChain;
  let proxy: RpcFaultProxy;
  let db: Db;
  let reader: PublicClient;

  before(async () => {
    chain = await startTestChain();
    proxy = await startRpcFaultProxy(chain.rpcUrl);
    db = (await tempDb()).db;
    reader = createPublicClient({
      chain: devnetChain(proxy.url),
      transport: http(proxy.url, { retryCount: 0 }),
    }) as PublicClient;
  });
  after(async () => {
    await proxy?.close();
    await chain?.stop();
  });

  /** A job waiting on a settlement of unknown outcome; `land` puts its transfer on chain. */
  async function unknownPayment(payerIndex: number, land: boolean) {
    const payer = devnetAccount(payerIndex);
    const to = devnetAccount(0).address;
    const nonce = `0x${randomBytes(32).toString("hex")}` as `0x${string}`;
    const validBefore = Math.floor(Date.now() / 1000) + 60;
    const direct = createPublicClient({
      chain: devnetChain(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    });
    const name = await direct.readContract({
      address: chain.token,
      abi: EIP3009,
      functionName: "name",
    });
    const version = "2"; // the devnet token's EIP-712 domain, as lib/platform/env.ts quotes it
    const message = {
      from: payer.address,
      to,
      value: BigInt(AMOUNT),
      validAfter: 0n,
      validBefore: BigInt(validBefore),
      nonce,
    };
    const signature = await payer.signTypedData({
      domain: { name, version, chainId: 31337, verifyingContract: chain.token },
      types: TYPES,
      primaryType: "TransferWithAuthorization",
      message,
    });
    let block: bigint | null = null;
    if (land) {
      const operator = createWalletClient({
        account: privateKeyToAccount(DEVNET_ACCOUNT0_KEY),
        chain: devnetChain(chain.rpcUrl),
        transport: http(chain.rpcUrl),
      });
      const v = BigInt(`0x${signature.slice(130, 132)}`);
      const hash = await operator.writeContract({
        address: chain.token,
        abi: EIP3009,
        functionName: "transferWithAuthorization",
        args: [
          message.from,
          message.to,
          message.value,
          message.validAfter,
          message.validBefore,
          nonce,
          Number(v),
          `0x${signature.slice(2, 66)}`,
          `0x${signature.slice(66, 130)}`,
        ],
      });
      block = (await direct.waitForTransactionReceipt({ hash })).blockNumber;
    }
    const job = await insertJob(db, {
      id: crypto.randomUUID(),
      sku: "alpha-fast-custom",
      status: "pending_settlement",
      spec: SPEC,
      payer: payer.address.toLowerCase(),
      amountAtomic: AMOUNT,
      network: DEVNET_NETWORK,
    });
    await insertPayment(db, {
      id: crypto.randomUUID(),
      jobId: job.id,
      payer: payer.address,
      amountAtomic: AMOUNT,
      network: DEVNET_NETWORK,
      asset: chain.token,
      payTo: to,
      nonce,
      validBefore,
      payload: {},
      requirements: {},
      status: "unknown",
    });
    return { jobId: job.id, validBefore, block };
  }

  const status = async (jobId: string) => [
    (await getPaymentForJob(db, jobId))?.status,
    (await getJob(db, jobId))?.status,
  ];
  /** Long past every validity: only the chain's answer can stop an expiry now. */
  const later = (validBefore: number) => new Date((validBefore + 3600) * 1000);

  test("errors on authorizationState or the logs: nothing is decided, then the chain's answer is", async () => {
    const landed = await unknownPayment(5, true);
    const call = proxy.add({ method: "eth_call", fault: { kind: "error" } });
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, later(landed.validBefore)),
      0,
    );
    assert.deepEqual(await status(landed.jobId), ["unknown", "pending_settlement"]);
    call.remove();
    const logs = proxy.add({ method: "eth_getLogs", fault: { kind: "drop", status: "reset" } });
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, later(landed.validBefore)),
      0,
    );
    assert.deepEqual(await status(landed.jobId), ["unknown", "pending_settlement"]);
    logs.remove();
    assert.ok(call.hits() > 0 && logs.hits() > 0);
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, later(landed.validBefore)),
      1,
    );
    assert.deepEqual(await status(landed.jobId), ["settled", "queued"]);
  });

  test("a node lagging behind a block already seen: no expiry, however late; settled once it catches up", async () => {
    const before = await createPublicClient({
      chain: devnetChain(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    }).getBlockNumber({ cacheTime: 0 });
    const landed = await unknownPayment(6, true);
    heads.note(31337, landed.block as bigint); // the facilitator saw its transfer's receipt
    const lag = proxy.add({ method: "*", fault: { kind: "stale", block: before } });
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, later(landed.validBefore)),
      0,
    );
    assert.deepEqual(await status(landed.jobId), ["unknown", "pending_settlement"]);
    assert.ok(lag.hits() > 0);
    lag.remove();
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, later(landed.validBefore)),
      1,
    );
    assert.deepEqual(await status(landed.jobId), ["settled", "queued"]);
    assert.match(
      String((await getPaymentForJob(db, landed.jobId))?.transaction),
      /^0x[0-9a-f]{64}$/,
    );
  });

  test("the chain's 'unused' past validity still cancels, charging nothing", async () => {
    const unused = await unknownPayment(7, false);
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, new Date(unused.validBefore * 1000)),
      0,
      "not before validity + margin",
    );
    assert.equal(
      await reconcilePayments(db, reader, chain.token, OPTS, later(unused.validBefore)),
      1,
    );
    assert.deepEqual(await status(unused.jobId), ["failed", "cancelled"]);
  });
});
