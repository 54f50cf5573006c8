import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { PaymentPayload } from "@x402/core/types";
import {
  appendPaymentIdentifierToExtensions,
  declarePaymentIdentifierExtension,
} from "@x402/extensions/payment-identifier";
import {
  attachPaymentIdentifier,
  claimKey,
  completeJobKeys,
  dropUnattachedPaymentIdentifier,
  findLiveKey,
  releaseJobKeys,
} from "@/lib/checkout/idempotency/key-repository";
import {
  claimPaymentIdentifier,
  paymentIdentifierDeclaration,
  readPaymentIdentifier,
} from "@/lib/checkout/idempotency/payment-identifier";
import { queuedJob, tempDb } from "../helpers/jobs";

const opened: Awaited<ReturnType<typeof tempDb>>[] = [];
after(async () => {
  for (const o of opened) await o.close();
});
async function db() {
  const d = await tempDb();
  opened.push(d);
  return d.db;
}

const OPTS = { claimSeconds: 300, waitMs: 0 };
const PAYER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

/** A payment payload as an x402 client builds it once the 402 declared the extension. */
function payload(id: string | null, nonce = "01"): PaymentPayload {
  const extensions: Record<string, unknown> = paymentIdentifierDeclaration();
  if (id) appendPaymentIdentifierToExtensions(extensions, id);
  return {
    x402Version: 2,
    resource: { url: "http://127.0.0.1/generate/alpha-fast/custom", description: "", mimeType: "" },
    accepted: { scheme: "exact", network: "eip155:31337", amount: "260000" },
    payload: { signature: "0xsig", authorization: { nonce: `0x${nonce.repeat(32)}` } },
    ...(id === null ? {} : { extensions }),
  } as unknown as PaymentPayload;
}

test("the 402 declares the extension as optional", () => {
  assert.deepEqual(paymentIdentifierDeclaration(), {
    "payment-identifier": declarePaymentIdentifierExtension(false),
  });
});

test("no id: nothing to remember; a malformed id is invalid", async () => {
  const d = await db();
  assert.deepEqual(await claimPaymentIdentifier(d, payload(null), "h", OPTS), { kind: "none" });
  const bad = payload("pay_0123456789abcdef");
  const extension = bad.extensions?.["payment-identifier"] as { info: { id: string } } | undefined;
  assert.ok(extension);
  extension.info.id = "short!";
  assert.equal((await claimPaymentIdentifier(d, bad, "h", OPTS)).kind, "invalid");
});

test("same id: same payment replays its answer; another payment or body is refused; in flight is not processed twice", async () => {
  const d = await db();
  const id = "pay_7d5d747be160e280504c099d984bcfe0";
  const first = payload(id);
  assert.deepEqual(await claimPaymentIdentifier(d, first, "body-1", OPTS), { kind: "claimed", id });
  assert.deepEqual(await claimPaymentIdentifier(d, first, "body-1", OPTS), {
    kind: "in_flight",
    id,
  });
  assert.deepEqual(await claimPaymentIdentifier(d, payload(id, "02"), "body-1", OPTS), {
    kind: "reused",
    id,
  });
  assert.deepEqual(await claimPaymentIdentifier(d, first, "body-2", OPTS), { kind: "reused", id });

  const job = await queuedJob(d, PAYER);
  await attachPaymentIdentifier(d, id, job.id, 86_400);
  const body = { job_id: job.id, status: "queued", status_url: `/jobs/${job.id}` };
  const paymentResponse = Buffer.from(JSON.stringify({ success: true })).toString("base64");
  await completeJobKeys(d, job.id, body, paymentResponse);
  assert.deepEqual(await claimPaymentIdentifier(d, first, "body-1", OPTS), {
    kind: "replay",
    id,
    response: body,
    paymentResponse,
  });
  assert.equal((await claimPaymentIdentifier(d, payload(id, "03"), "body-1", OPTS)).kind, "reused");
});

test("a duplicate arriving while the first is in flight waits for its answer", async () => {
  const d = await db();
  const id = "pay_concurrent_0000000000000001";
  const p = payload(id);
  const results = await Promise.all([
    claimPaymentIdentifier(d, p, "b", { ...OPTS, waitMs: 5_000, pollMs: 20 }),
    claimPaymentIdentifier(d, p, "b", { ...OPTS, waitMs: 5_000, pollMs: 20 }),
    (async () => {
      await new Promise((r) => setTimeout(r, 300));
      const job = await queuedJob(d, PAYER);
      await attachPaymentIdentifier(d, id, job.id, 86_400);
      await completeJobKeys(d, job.id, { job_id: job.id }, "e30=");
      return { kind: "completer" };
    })(),
  ]);
  assert.deepEqual(results.map((r) => r.kind).sort(), ["claimed", "completer", "replay"]);
});

test("claims that made no job, or whose payment failed, free the id; header keys are another namespace", async () => {
  const d = await db();
  const id = "pay_released_000000000000000001";
  assert.equal((await claimPaymentIdentifier(d, payload(id), "b", OPTS)).kind, "claimed");
  await dropUnattachedPaymentIdentifier(d, id);
  assert.equal((await claimPaymentIdentifier(d, payload(id, "02"), "b", OPTS)).kind, "claimed");

  const job = await queuedJob(d, PAYER);
  await attachPaymentIdentifier(d, id, job.id, 86_400);
  await dropUnattachedPaymentIdentifier(d, id);
  assert.equal((await claimPaymentIdentifier(d, payload(id, "02"), "b", OPTS)).kind, "in_flight");

  // The same string as an Idempotency-Key is a different key.
  await claimKey(d, id, "b", job.id, 86_400);
  assert.equal((await findLiveKey(d, id))?.kind, "header");
  assert.equal((await findLiveKey(d, id, new Date(), "payment"))?.kind, "payment");

  await releaseJobKeys(d, job.id);
  assert.equal(await findLiveKey(d, id), undefined);
  assert.equal((await claimPaymentIdentifier(d, payload(id, "03"), "b", OPTS)).kind, "claimed");
});

test("an expired claim (its request died) does not block the id", async () => {
  const d = await db();
  const id = "pay_expired_0000000000000000001";
  await claimPaymentIdentifier(d, payload(id), "b", { ...OPTS, claimSeconds: -1 });
  assert.equal((await claimPaymentIdentifier(d, payload(id, "02"), "b", OPTS)).kind, "claimed");
});

test("a client's schema in the extension is never evaluated: only our own rule judges the id", async () => {
  const d = await db();
  const withSchema = (schema: unknown, id = "pay_0123456789abcdef") => {
    const p = payload(id);
    const extension = p.extensions?.["payment-identifier"] as Record<string, unknown>;
    extension.schema = schema;
    return p;
  };
  // A schema that would refuse this id if it were run, and one that would take ages to run.
  const refusing = withSchema({ properties: { id: { pattern: "^never$" } }, required: ["nope"] });
  assert.deepEqual(readPaymentIdentifier(refusing), { kind: "id", id: "pay_0123456789abcdef" });
  const catastrophic = withSchema(
    { properties: { id: { type: "string", pattern: "^(a+)+b$" } } },
    "a".repeat(40),
  );
  const started = performance.now();
  assert.deepEqual(await claimPaymentIdentifier(d, catastrophic, "h", OPTS), {
    kind: "claimed",
    id: "a".repeat(40),
  });
  assert.ok(performance.now() - started < 2_000);
  const badId = withSchema(null);
  const badExtension = badId.extensions?.["payment-identifier"] as { info: { id: string } };
  badExtension.info.id = "bad id!";
  assert.equal(readPaymentIdentifier(badId).kind, "invalid");
  const noInfo = payload("pay_0123456789abcdef");
  (noInfo.extensions as Record<string, unknown>)["payment-identifier"] = { info: [] };
  assert.equal(readPaymentIdentifier(noInfo).kind, "invalid");
});
