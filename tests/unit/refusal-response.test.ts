import assert from "node:assert/strict";
import { test } from "node:test";
import { refusalParts, refusalResponse } from "@/lib/http/api/problem";
import { withErrors } from "@/lib/http/api/with-errors";
import { RefusalError, refusal } from "@/lib/platform/errors/refusal";
import { FreeEndpointGuard } from "@/lib/platform/limits/free-endpoint-guard";

test("a refusal is answered as problem+json: the standard members, then the domain's, in one fixed order", async () => {
  const r = refusal("content_policy", "image: a face", {
    category: "likeness",
    errors: [{ field: "image", message: "refused by the image policy" }],
    extra: { job_status: "queued" },
  });
  const res = refusalResponse(r, { instance: "/uploads" });
  assert.equal(res.status, 403);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal(res.headers.get("cache-control"), "no-store, no-transform");
  assert.equal(res.headers.get("retry-after"), null);
  assert.equal(
    await res.text(),
    '{"type":"/errors#content_policy","title":"Prompt rejected by the content policy","status":403,' +
      '"detail":"image: a face","code":"content_policy","instance":"/uploads","category":"likeness",' +
      '"errors":[{"field":"image","message":"refused by the image policy"}],"job_status":"queued"}',
  );
});

test("Retry-After comes from the refusal, route headers (RateLimit) are kept, a sign-in refusal names its scheme", async () => {
  const limited = refusalResponse(refusal("rate_limited", "slow down", { retryAfter: 42 }), {
    headers: { RateLimit: '"default";r=0;t=42' },
  });
  assert.deepEqual(
    [limited.status, limited.headers.get("retry-after"), limited.headers.get("ratelimit")],
    [429, "42", '"default";r=0;t=42'],
  );
  const unsigned = refusalResponse(refusal("signature_required", "sign it"));
  assert.equal(unsigned.status, 401);
  assert.equal(unsigned.headers.get("www-authenticate"), 'SIWX realm="reel402"');
  assert.equal(limited.headers.get("www-authenticate"), null);
});

test("the socket edge's raw answer is the Response's, and a thrown RefusalError is answered the same", async () => {
  const r = refusal("at_capacity", "full", { retryAfter: 30 });
  const parts = refusalParts(r);
  const res = refusalResponse(r);
  assert.equal(parts.status, res.status);
  assert.equal(parts.body, await res.clone().text());
  const thrown = await withErrors(async () => {
    throw new RefusalError(r);
  })();
  assert.deepEqual(
    [thrown.status, thrown.headers.get("retry-after"), await thrown.text()],
    [503, "30", parts.body],
  );
  const error = new RefusalError("unavailable", "down", { retryAfter: 5 });
  assert.deepEqual([error.code, error.retryAfter, error.message], ["unavailable", 5, "down"]);
});

test("the free endpoints refuse with the one refusal: a greedy client 429, a full process 503", () => {
  const guard = new FreeEndpointGuard({ streamsPerClient: 1, streamsTotal: 2, readsPerMinute: 1 });
  assert.equal(guard.openStream("a").ok, true);
  const greedy = guard.openStream("a");
  assert.ok(!greedy.ok);
  assert.deepEqual([greedy.refusal.code, greedy.refusal.retryAfter], ["too_many_streams", 5]);
  assert.equal(guard.openStream("b").ok, true);
  const full = guard.openStream("c");
  assert.ok(!full.ok);
  assert.deepEqual([full.refusal.code, refusalParts(full.refusal).status], ["streams_full", 503]);
  assert.equal(guard.read("a").ok, true);
  const reads = guard.read("a");
  assert.ok(!reads.ok);
  assert.equal(reads.refusal.code, "rate_limited");
  assert.ok((reads.refusal.retryAfter ?? 0) >= 1);
});
