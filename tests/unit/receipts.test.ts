import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { verifyReceiptSignatureJWS } from "@x402/extensions/offer-receipt";
import { compactVerify, importJWK } from "jose";
import { insertPayment, updatePayment } from "@/lib/money/payments/repository";
import { didDocument, didFor } from "@/lib/money/receipts/issuer";
import { jobReceipt } from "@/lib/money/receipts/job-receipt";
import { signedOffers } from "@/lib/money/receipts/offers";
import { signReceipt } from "@/lib/money/receipts/receipt";
import { getReceiptKey, receiptKeyFromSecret } from "@/lib/money/receipts/signing-key";
import { keysFromDidDocument, verifyJws } from "@/lib/money/receipts/verify-receipt";
import { queuedJob, tempDb } from "../helpers/jobs";

process.env.RECEIPT_SIGNING_SECRET ??= "receipts-unit-test-secret-0123456789abcdef";

const opened: Awaited<ReturnType<typeof tempDb>>[] = [];
after(async () => {
  for (const o of opened) await o.close();
});

const BASE = "http://127.0.0.1:3000";
const FIELDS = {
  network: "eip155:31337",
  resourceUrl: `${BASE}/generate/alpha-fast/custom`,
  payer: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
  issuedAt: 1_790_000_000,
  transaction: `0x${"ab".repeat(32)}`,
  jobId: "6f1c2b1e-3d4a-4b5c-8d9e-0f1a2b3c4d5e",
  sku: "alpha-fast-custom",
  amount: "260000",
  asset: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  payTo: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
};

/** The published key, read from the DID document the way any verifier would. */
async function publishedKey() {
  const doc = didDocument(BASE, getReceiptKey());
  const method = doc.verificationMethod[0];
  assert.ok(method);
  return { kid: method.id, key: await importJWK(method.publicKeyJwk, "EdDSA") };
}

function tamper(jws: string, field: string, value: unknown): string {
  const [h, p, s] = jws.split(".");
  const payload = JSON.parse(Buffer.from(p ?? "", "base64url").toString("utf8"));
  payload[field] = value;
  return [h, Buffer.from(JSON.stringify(payload)).toString("base64url"), s].join(".");
}

test("one secret, one key: the key is derived, stable, and differs per secret", () => {
  const a = receiptKeyFromSecret("a".repeat(40));
  assert.deepEqual(receiptKeyFromSecret("a".repeat(40)).publicJwk, a.publicJwk);
  assert.notDeepEqual(receiptKeyFromSecret("b".repeat(40)).publicJwk, a.publicJwk);
  assert.equal(a.publicJwk.kty, "OKP");
  assert.equal(a.publicJwk.crv, "Ed25519");
  assert.equal(didFor("http://127.0.0.1:3000"), "did:web:127.0.0.1%3A3000");
  assert.equal(didFor("https://reel402.example/"), "did:web:reel402.example");
});

test("a receipt verifies with jose against the published key, and altering any field breaks it", async () => {
  const receipt = await signReceipt(FIELDS, BASE);
  assert.equal(receipt.format, "jws");
  const { kid, key } = await publishedKey();
  const verified = await compactVerify(receipt.signature, key);
  assert.equal(verified.protectedHeader.alg, "EdDSA");
  assert.equal(verified.protectedHeader.kid, kid);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(verified.payload)), {
    version: 1,
    ...FIELDS,
  });
  for (const field of ["version", ...Object.keys(FIELDS)]) {
    const altered = tamper(receipt.signature, field, field === "issuedAt" ? 1 : "0xchanged");
    await assert.rejects(compactVerify(altered, key), `altering ${field} must break the signature`);
    assert.equal(
      verifyJws(altered, keysFromDidDocument(didDocument(BASE, getReceiptKey()))).ok,
      false,
    );
  }
  // Another key does not verify it either.
  const other = await importJWK(receiptKeyFromSecret("c".repeat(40)).publicJwk, "EdDSA");
  await assert.rejects(compactVerify(receipt.signature, other));
});

test("the CLI's verifier and x402's did:web resolver agree with jose", async () => {
  const receipt = await signReceipt(FIELDS, BASE);
  const ours = verifyJws(
    receipt.signature,
    keysFromDidDocument(didDocument(BASE, getReceiptKey())),
  );
  assert.ok(ours.ok);
  assert.equal(ours.payload.jobId, FIELDS.jobId);

  // x402's helper resolves the kid (did:web) over HTTP, as a client would from the service.
  const server = createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.writeHead(req.url === "/.well-known/did.json" ? 200 : 404, {
      "content-type": "application/did+json",
    });
    res.end(JSON.stringify(didDocument(base, getReceiptKey())));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const served = await signReceipt({ ...FIELDS, resourceUrl: `${base}/generate/x` }, base);
    const payload = await verifyReceiptSignatureJWS(served);
    assert.equal(payload.payer, FIELDS.payer);
    assert.equal(payload.transaction, FIELDS.transaction);
  } finally {
    server.close();
  }
});

test("the 402's offers are signed per requirement and verify against the published key", async () => {
  const requirement = {
    scheme: "exact",
    network: "eip155:31337" as const,
    asset: FIELDS.asset,
    payTo: FIELDS.payTo,
    amount: "260000",
    maxTimeoutSeconds: 300,
    extra: { name: "USD Coin", version: "2" },
  };
  const ext = (await signedOffers([requirement], FIELDS.resourceUrl, BASE))["offer-receipt"] as {
    info: { offers: { format: string; acceptIndex: number; signature: string }[] };
  };
  assert.equal(ext.info.offers.length, 1);
  const offer = ext.info.offers[0];
  assert.ok(offer);
  assert.equal(offer.acceptIndex, 0);
  const { key } = await publishedKey();
  const payload = JSON.parse(
    new TextDecoder().decode((await compactVerify(offer.signature, key)).payload),
  );
  assert.equal(payload.amount, "260000");
  assert.equal(payload.resourceUrl, FIELDS.resourceUrl);
  assert.ok(payload.validUntil > Date.now() / 1000 + 250);
  await assert.rejects(compactVerify(tamper(offer.signature, "amount", "1"), key));
});

test("a job's receipt is issued once, from the settled payment, and is null before", async () => {
  const db = await tempDb();
  opened.push(db);
  const job = await queuedJob(db.db, FIELDS.payer);
  const paymentId = crypto.randomUUID();
  await insertPayment(db.db, {
    id: paymentId,
    jobId: job.id,
    payer: FIELDS.payer,
    amountAtomic: 260_000,
    network: FIELDS.network,
    asset: FIELDS.asset,
    payTo: FIELDS.payTo,
    nonce: `0x${"11".repeat(32)}`,
    validBefore: 2_000_000_000,
    payload: {},
    requirements: {},
    status: "verified",
  });
  assert.equal(await jobReceipt(db.db, job.id, BASE), null);
  const settledAt = new Date("2026-11-23T04:00:00Z");
  await updatePayment(db.db, paymentId, "verified", {
    status: "settled",
    transaction: FIELDS.transaction,
    settledAt,
  });
  const [first, second] = await Promise.all([
    jobReceipt(db.db, job.id, BASE),
    jobReceipt(db.db, job.id, "http://localhost:9999"),
  ]);
  assert.ok(first && second);
  assert.equal(first.signature, second.signature, "concurrent askers get the one stored receipt");
  assert.equal((await jobReceipt(db.db, job.id, BASE))?.signature, first.signature);
  const { key } = await publishedKey();
  const payload = JSON.parse(
    new TextDecoder().decode((await compactVerify(first.signature, key)).payload),
  );
  assert.equal(payload.jobId, job.id);
  assert.equal(payload.sku, "alpha-fast-custom");
  assert.equal(payload.amount, "260000");
  assert.equal(payload.issuedAt, settledAt.getTime() / 1000);
});
