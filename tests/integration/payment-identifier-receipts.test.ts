import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { appendPaymentIdentifierToExtensions } from "@x402/extensions/payment-identifier";
import { compactVerify, importJWK, type JWK, type KeyLike } from "jose";
import { PAY_TO } from "../helpers/chain";
import { post, requiredFromHeader, settlementFromHeader } from "../helpers/http";
import { payingFetch } from "../helpers/payer";
import { type Stack, startStack } from "../helpers/stack";

type Signed = { format: string; signature: string };
type Created = { job_id: string; status: string; receipt?: Signed };

describe("x402 payment-identifier and signed offers and receipts", () => {
  let stack: Stack;
  let publishedKid: string;
  let publishedKey: KeyLike | Uint8Array;
  const url = () => `${stack.server.url}/generate/alpha-fast/custom`;
  const body = { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };

  before(async () => {
    stack = await startStack({ database: "postgres" });
    // The key as any verifier finds it: the DID document the service publishes.
    const res = await fetch(`${stack.server.url}/.well-known/did.json`);
    assert.equal(res.status, 200);
    const doc = (await res.json()) as {
      id: string;
      verificationMethod: { id: string; publicKeyJwk: JWK }[];
      assertionMethod: string[];
    };
    const method = doc.verificationMethod[0];
    assert.ok(method);
    assert.deepEqual(doc.assertionMethod, [method.id]);
    publishedKid = method.id;
    publishedKey = await importJWK(method.publicKeyJwk, "EdDSA");
  });
  after(async () => {
    await stack?.close();
  });

  /** Verifies a JWS with jose against the published key; returns its payload. */
  async function verified(jws: string): Promise<Record<string, unknown>> {
    const { payload, protectedHeader } = await compactVerify(jws, publishedKey);
    assert.equal(protectedHeader.kid, publishedKid);
    return JSON.parse(new TextDecoder().decode(payload));
  }

  /** A signed payment for this body carrying `id`, as an x402 client with the extension builds it. */
  async function signedWithId(index: number, id: string, challenge?: PaymentRequired) {
    const payer = payingFetch(index);
    const required = challenge ?? requiredFromHeader(await post(url(), body));
    payer.client.onBeforePaymentCreation(async ({ paymentRequired }) => {
      paymentRequired.extensions ??= {};
      appendPaymentIdentifierToExtensions(paymentRequired.extensions, id);
    });
    const payload = await payer.client.createPaymentPayload(required);
    return { payer, signature: encodePaymentSignatureHeader(payload) };
  }

  test("the 402 declares payment-identifier and carries one signed offer per requirement", async () => {
    const required = requiredFromHeader(await post(url(), body));
    const extensions = required.extensions ?? {};
    assert.deepEqual((extensions["payment-identifier"] as { info: unknown }).info, {
      required: false,
    });
    const offers = (
      extensions["offer-receipt"] as { info: { offers: (Signed & { acceptIndex: number })[] } }
    ).info.offers;
    assert.equal(offers.length, required.accepts.length);
    const offer = await verified(offers[0]?.signature ?? "");
    const accepted = required.accepts[0];
    assert.ok(accepted);
    assert.equal(offer.resourceUrl, url());
    assert.equal(offer.amount, accepted.amount);
    assert.equal(offer.payTo, accepted.payTo);
    assert.equal(offer.asset, accepted.asset);
    assert.equal(offer.network, accepted.network);
  });

  test("paid with an id: one charge, a verifiable receipt; a lost response resent returns the same answer", async () => {
    const id = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    const { payer, signature } = await signedWithId(7, id);
    const before = await stack.chain.balanceOf(payer.account.address);
    const first = await post(url(), body, { "payment-signature": signature });
    assert.equal(first.status, 200, await first.clone().text());
    const created = (await first.json()) as Created;
    const settlement = settlementFromHeader(first);
    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 260_000n);

    // The receipt: in the body and in PAYMENT-RESPONSE, verifiable offline, naming what was bought.
    assert.ok(created.receipt);
    const inHeader = (
      settlement.extensions?.["offer-receipt"] as { info: { receipt: Signed } } | undefined
    )?.info.receipt;
    assert.deepEqual(inHeader, created.receipt);
    const receipt = await verified(created.receipt.signature);
    assert.equal(receipt.jobId, created.job_id);
    assert.equal(receipt.sku, "alpha-fast-custom");
    assert.equal(receipt.amount, "260000");
    assert.equal(receipt.network, "eip155:31337");
    assert.equal(receipt.payer, payer.account.address.toLowerCase());
    assert.equal(receipt.transaction, settlement.transaction);
    assert.equal(String(receipt.payTo).toLowerCase(), PAY_TO.toLowerCase());
    assert.equal(receipt.resourceUrl, url());

    // Lost response: the same signed payment with the same id is answered as the first time.
    const again = await post(url(), body, { "payment-signature": signature });
    assert.equal(again.status, 200);
    assert.equal(again.headers.get("payment-response"), first.headers.get("payment-response"));
    assert.deepEqual(await again.json(), created);
    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 260_000n);

    // GET /jobs/{id} returns the very same receipt.
    const job = (await (await fetch(`${stack.server.url}/jobs/${created.job_id}`)).json()) as {
      receipt: Signed;
    };
    assert.deepEqual(job.receipt, created.receipt);

    // The same id with another payment (a new signature) is refused, and nothing moves.
    const other = await signedWithId(7, id);
    const reused = await post(url(), body, { "payment-signature": other.signature });
    assert.equal(reused.status, 409);
    assert.equal(reused.headers.get("content-type"), "application/problem+json");
    assert.equal(((await reused.json()) as { code: string }).code, "payment_identifier_reused");
    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 260_000n);
  });

  test("the same id and payment sent concurrently: one job, one charge, every answer the same PAYMENT-RESPONSE", async () => {
    const id = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    const { payer, signature } = await signedWithId(8, id);
    const before = await stack.chain.balanceOf(payer.account.address);
    const transfersBefore = await stack.chain.transfersTo(PAY_TO);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post(url(), body, { "payment-signature": signature })),
    );
    for (const r of results) assert.equal(r.status, 200, await r.clone().text());
    const ids = new Set(
      await Promise.all(results.map(async (r) => ((await r.json()) as Created).job_id)),
    );
    assert.equal(ids.size, 1);
    assert.equal(new Set(results.map((r) => r.headers.get("payment-response"))).size, 1);
    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 260_000n);
    assert.equal((await stack.chain.transfersTo(PAY_TO)) - transfersBefore, 1);
  });

  test("a stock client that re-signs its retry with the same id is refused, not charged twice", async () => {
    const id = `pay_${crypto.randomUUID().replaceAll("-", "")}`;
    const payer = payingFetch(9);
    payer.client.onBeforePaymentCreation(async ({ paymentRequired }) => {
      paymentRequired.extensions ??= {};
      appendPaymentIdentifierToExtensions(paymentRequired.extensions, id);
    });
    const init = {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    };
    const before = await stack.chain.balanceOf(payer.account.address);
    const first = await payer.fetch(url(), init);
    assert.equal(first.status, 200);
    const retry = await payer.fetch(url(), init);
    assert.equal(retry.status, 409);
    assert.equal(((await retry.json()) as { code: string }).code, "payment_identifier_reused");
    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 260_000n);
  });

  test("an id in the wrong format is refused as an invalid payment, before anything is charged", async () => {
    const { payer, signature } = await signedWithId(9, "pay_0123456789abcdef");
    const decoded = JSON.parse(Buffer.from(signature, "base64").toString("utf8"));
    decoded.extensions["payment-identifier"].info.id = "bad id!";
    const before = await stack.chain.balanceOf(payer.account.address);
    const res = await post(url(), body, {
      "payment-signature": Buffer.from(JSON.stringify(decoded)).toString("base64"),
    });
    assert.equal(res.status, 402);
    assert.match(requiredFromHeader(res).error ?? "", /extensions\.payment-identifier/);
    assert.equal(await stack.chain.balanceOf(payer.account.address), before);
  });
});
