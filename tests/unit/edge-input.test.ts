import assert from "node:assert/strict";
import { test } from "node:test";
import { readCheckoutInput } from "@/lib/http/api/checkout-request";
import { RefusalError } from "@/lib/platform/errors/refusal";
import { MAX_IMAGE_BYTES } from "@/lib/media/images/decode";
import { receiveUpload, uploadBodyLimit } from "@/lib/media/images/receive-upload";

const TARGET = { family: "alpha-fast", productName: "5s-720p", baseUrl: "http://reel402.test" };
const post = (body: string, headers: Record<string, string>) =>
  new Request("http://reel402.test/generate/alpha-fast/5s-720p", {
    method: "POST",
    headers,
    body,
  });

test("a generation POST is read into the checkout's input: a JSON body within the limit, and the headers it acts on", async () => {
  const input = await readCheckoutInput(
    post('{"prompt":"a kite"}', {
      "content-type": "application/json; charset=utf-8",
      "payment-signature": "sig",
      "idempotency-key": "k-1",
      "webhook-url": "https://hooks.example/x",
    }),
    TARGET,
    1024,
  );
  assert.equal(new TextDecoder().decode(input.body as Uint8Array), '{"prompt":"a kite"}');
  assert.deepEqual(
    [input.family, input.productName, input.baseUrl],
    ["alpha-fast", "5s-720p", "http://reel402.test"],
  );
  assert.deepEqual(
    [input.paymentSignature, input.idempotencyKey, input.webhookUrl],
    ["sig", "k-1", "https://hooks.example/x"],
  );
  const bare = await readCheckoutInput(
    post("{}", { "content-type": "application/json" }),
    TARGET,
    8,
  );
  assert.deepEqual(
    [bare.paymentSignature, bare.idempotencyKey, bare.webhookUrl],
    [null, null, null],
  );
});

test("a body not declared as JSON is never read; one past the limit is not kept", async () => {
  const plain = post('{"prompt":"a kite"}', { "content-type": "text/plain" });
  assert.equal((await readCheckoutInput(plain, TARGET, 1024)).body, "not_json");
  assert.equal(plain.bodyUsed, false);
  const big = post(JSON.stringify({ prompt: "x".repeat(100) }), {
    "content-type": "application/json",
  });
  assert.equal((await readCheckoutInput(big, TARGET, 50)).body, "too_large");
});

test("an upload is read within the limit its declared type allows, and parsed into bytes, a URL or a refusal", async () => {
  assert.equal(uploadBodyLimit("image/png"), MAX_IMAGE_BYTES);
  assert.ok(uploadBodyLimit("multipart/form-data; boundary=x") > MAX_IMAGE_BYTES);
  assert.ok(uploadBodyLimit("application/json") < MAX_IMAGE_BYTES);
  assert.equal(uploadBodyLimit("text/plain"), 0);

  const raw = await receiveUpload({ contentType: "image/png", body: new Uint8Array([1, 2]) });
  assert.ok("bytes" in raw && raw.bytes.length === 2);
  const url = await receiveUpload({
    contentType: "application/json",
    body: new TextEncoder().encode('{"url":"https://images.example/a.png"}'),
  });
  assert.deepEqual(url, { url: "https://images.example/a.png" });
  const badJson = await receiveUpload({
    contentType: "application/json",
    body: new TextEncoder().encode("{"),
  });
  assert.ok("kind" in badJson);
  assert.deepEqual([badJson.kind, badJson.code], ["refused", "invalid_request"]);
  const unsupported = await receiveUpload({ contentType: "text/plain", body: "too_large" });
  assert.ok("kind" in unsupported && unsupported.code === "unsupported_media_type");
  await assert.rejects(
    receiveUpload({ contentType: "image/jpeg", body: "too_large" }),
    (e: unknown) => e instanceof RefusalError && e.code === "image_too_large",
  );
});
