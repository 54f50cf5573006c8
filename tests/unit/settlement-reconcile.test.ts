import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, test } from "node:test";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { and, eq } from "drizzle-orm";
import { createPublicClient, http, type PublicClient } from "viem";
import type { CheckoutOutcome } from "@/lib/checkout/outcome";
import { auditEvents } from "@/lib/platform/db/schema";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { findLiveKey } from "@/lib/checkout/idempotency/key-repository";
import { payerScopedKey } from "@/lib/checkout/idempotency/payer-scope";
import { getJob } from "@/lib/jobs/repository";
import { createChainHeads } from "@/lib/money/payments/chain-head";
import {
  findPaymentByAuthorization,
  getPaymentForJob,
  type PaymentRow,
} from "@/lib/money/payments/repository";
import { type ReconcileOptions, reconcilePayments } from "@/lib/checkout/settlement/reconcile";
import type { Settler } from "@/lib/checkout/settlement/settle-stale";
import { startCheckoutHarness } from "../helpers/checkout";
import { type RpcFaultProxy, startRpcFaultProxy } from "../helpers/rpc-fault-proxy";

const FIXED = "/generate/alpha-fast/5s-720p";
const PRICE = 910_000n;

/**
 * The reconciler's branches on a devnet chain: payments of unknown outcome resolved from the
 * chain, and payments left `verified` by a request that died before settling, settled here.
 */
describe("reconcilePayments", () => {
  let h: Awaited<ReturnType<typeof startCheckoutHarness>>;
  let reader: PublicClient;
  let proxy: RpcFaultProxy;
  let faulty: PublicClient;
  before(async () => {
    h = await startCheckoutHarness();
    const client = (url: string) =>
      createPublicClient({
        chain: devnetChain(url),
        transport: http(url, { retryCount: 0 }),
      }) as PublicClient;
    reader = client(h.chain.rpcUrl);
    proxy = await startRpcFaultProxy(h.chain.rpcUrl);
    faulty = client(proxy.url);
  });
  after(async () => {
    await proxy?.close();
    await h?.close();
  });

  /** Settles with the harness's facilitator, counting the calls. */
  const settler = () => {
    const calls: string[] = [];
    const settle: Settler = async (p, r) => {
      calls.push((p.payload as { authorization: { nonce: string } }).authorization.nonce);
      return h.server.settlePayment(p, r);
    };
    return { calls, settle };
  };
  const queuedJobs: string[] = [];
  const heads = createChainHeads();
  const opts = (settle: Settler): ReconcileOptions => ({
    staleVerifiedMs: 60_000,
    expiryMarginSeconds: 10,
    settle,
    heads,
    onQueued: async (job) => {
      queuedJobs.push(job.id);
    },
  });
  /** Past the stale threshold, well within the authorization's validity. */
  const soon = () => new Date(Date.now() + 120_000);
  const reconcile = (settle: Settler, now = soon(), chain = reader) =>
    reconcilePayments(h.db, chain, h.chain.token, opts(settle), now);

  const paymentOf = async (signature: string): Promise<PaymentRow | undefined> => {
    const { payload } = decodePaymentSignatureHeader(signature);
    const auth = (payload as { authorization: { from: string; nonce: string } }).authorization;
    return findPaymentByAuthorization(h.db, h.env.network, auth.from, auth.nonce);
  };
  const signed = async (index: number, prompt: string) => {
    const challenge = (await h.post(FIXED, { prompt })) as Extract<
      CheckoutOutcome,
      { kind: "challenge" }
    >;
    assert.equal(challenge.kind, "challenge");
    return h.sign(index, challenge.required);
  };

  /** A paid request whose instance dies between verify and settle: payment `verified`, key in flight. */
  async function stranded(index: number, prompt: string) {
    const signature = await signed(index, prompt);
    h.hooks.beforeSettle = () => new Promise<void>(() => {}); // never returns: the process is gone
    const sent = `stranded-${index}`;
    // Keys are stored under the payer that signed: another wallet's same key is another key.
    const key = payerScopedKey(devnetAccount(index).address, sent);
    void h.post(FIXED, { prompt }, { "payment-signature": signature, "idempotency-key": sent });
    for (let i = 0; i < 200; i++) {
      const payment = await paymentOf(signature);
      if (payment) {
        assert.equal(payment.status, "verified");
        assert.equal((await findLiveKey(h.db, key))?.state, "in_flight");
        return { payment, key };
      }
      await sleep(25);
    }
    throw new Error("the payment was never recorded");
  }
  const state = async (payment: PaymentRow) => [
    (await getPaymentForJob(h.db, payment.jobId))?.status,
    (await getJob(h.db, payment.jobId))?.status,
  ];
  const reconcilerAudit = async (jobId: string) =>
    (
      await h.db
        .select({ type: auditEvents.type, data: auditEvents.data })
        .from(auditEvents)
        .where(and(eq(auditEvents.jobId, jobId)))
    )
      .filter((e) => e.data.via === "reconciler")
      .map((e) => e.type);

  test("a stale verified payment, unused on chain, is settled by the reconciler and its job queued", async () => {
    const { payment, key } = await stranded(1, "a lighthouse at dusk");
    const { calls, settle } = settler();
    assert.equal(await reconcile(settle, new Date()), 0, "not before it is stale");
    assert.deepEqual(calls, []);
    const before = await h.chain.balanceOf(h.env.payTo);
    assert.equal(await reconcile(settle), 1);
    assert.deepEqual(calls, [payment.nonce]);
    assert.deepEqual(await state(payment), ["settled", "queued"]);
    assert.equal(await h.chain.balanceOf(h.env.payTo), before + PRICE);
    assert.match(
      String((await getPaymentForJob(h.db, payment.jobId))?.transaction),
      /^0x[0-9a-f]{64}$/,
    );
    assert.equal((await findLiveKey(h.db, key))?.state, "completed");
    assert.ok(queuedJobs.includes(payment.jobId));
    assert.deepEqual(await reconcilerAudit(payment.jobId), ["payment.settled"]);
    assert.equal(await reconcile(settle), 0, "nothing left open");
    assert.equal(calls.length, 1);
  });

  test("a stale verified payment already used on chain is recorded as settled, not settled again", async () => {
    const { payment } = await stranded(2, "a harbour in fog");
    // The dead instance's settlement had landed before it could write it down.
    const landed = await h.server.settlePayment(
      payment.payload as PaymentPayload,
      payment.requirements as PaymentRequirements,
    );
    const { calls, settle } = settler();
    assert.equal(await reconcile(settle), 1);
    assert.deepEqual(calls, []);
    assert.deepEqual(await state(payment), ["settled", "queued"]);
    assert.equal((await getPaymentForJob(h.db, payment.jobId))?.transaction, landed.transaction);
  });

  test("a definite settle failure with the authorization unused: cancelled, key released, nothing charged", async () => {
    const { payment, key } = await stranded(3, "a glacier calving");
    await h.drain(3);
    const { calls, settle } = settler();
    const before = await h.chain.balanceOf(h.env.payTo);
    assert.equal(await reconcile(settle), 1);
    assert.equal(calls.length, 1);
    assert.deepEqual(await state(payment), ["failed", "cancelled"]);
    assert.equal(await findLiveKey(h.db, key), undefined);
    assert.equal(await h.chain.balanceOf(h.env.payTo), before);
  });

  test("a settle that errors after the transfer landed: the chain's 'used' settles it", async () => {
    const { payment } = await stranded(4, "a comet over dunes");
    const { settle: inner } = settler();
    const settle: Settler = async (p, r) => {
      await inner(p, r);
      throw new Error("socket hang up");
    };
    assert.equal(await reconcile(settle), 1);
    assert.deepEqual(await state(payment), ["settled", "queued"]);
  });

  test("a settle of unknown outcome with the authorization unused: marked unknown, never settled twice", async () => {
    const { payment, key } = await stranded(5, "a kite festival");
    const timedOut = (p: PaymentPayload, r: PaymentRequirements) => h.timingOut.settlePayment(p, r);
    assert.equal(await reconcile(timedOut), 0);
    assert.deepEqual(await state(payment), ["unknown", "pending_settlement"]);
    assert.equal((await findLiveKey(h.db, key))?.state, "in_flight");
    assert.deepEqual(await reconcilerAudit(payment.jobId), ["payment.unknown"]);
    // From now on only the chain decides: no second settlement, and expiry cancels it.
    const { calls, settle } = settler();
    assert.equal(await reconcile(settle), 0);
    assert.deepEqual(calls, []);
    const expired = new Date((payment.validBefore + 3600) * 1000);
    assert.equal(await reconcile(settle, expired), 1);
    assert.deepEqual(calls, []);
    assert.deepEqual(await state(payment), ["failed", "cancelled"]);
    assert.equal(await findLiveKey(h.db, key), undefined);
  });

  test("under RPC faults nothing is settled or decided; the chain's answer then is", async () => {
    const { payment } = await stranded(6, "a paper boat");
    const { calls, settle } = settler();
    const call = proxy.add({ method: "eth_call", fault: { kind: "error" } });
    assert.equal(await reconcile(settle, soon(), faulty), 0);
    assert.deepEqual(calls, [], "no settlement while the chain cannot say the nonce is unused");
    assert.deepEqual(await state(payment), ["verified", "pending_settlement"]);
    assert.ok(call.hits() > 0);
    call.remove();
    const head = proxy.add({
      method: "eth_getBlockByNumber",
      fault: { kind: "drop", status: "reset" },
    });
    assert.equal(await reconcile(settle, soon(), faulty), 0);
    assert.deepEqual(calls, []);
    head.remove();
    assert.equal(await reconcile(settle, soon(), faulty), 1);
    assert.deepEqual(await state(payment), ["settled", "queued"]);
  });

  test("an unknown payment whose transfer landed is settled from the chain alone", async () => {
    const signature = await signed(7, "a tram in the rain");
    const timingOut = { resourceServer: async () => h.timingOut };
    const created = await h.post(
      FIXED,
      { prompt: "a tram in the rain" },
      { "payment-signature": signature },
      timingOut,
    );
    assert.equal(created.kind === "created" && created.status, 202);
    const payment = await paymentOf(signature);
    assert.ok(payment);
    await h.server.settlePayment(
      payment.payload as PaymentPayload,
      payment.requirements as PaymentRequirements,
    );
    const { calls, settle } = settler();
    assert.equal(await reconcile(settle, new Date()), 1);
    assert.deepEqual(calls, []);
    assert.deepEqual(await state(payment), ["settled", "queued"]);
  });
});
