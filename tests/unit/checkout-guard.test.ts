import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { checkoutResponse } from "@/lib/http/api/checkout-response";
import { clientIdentity } from "@/lib/http/api/client-identity";
import { withErrors } from "@/lib/http/api/with-errors";
import { guardedCheckout } from "@/lib/checkout/guarded-checkout";
import { auditEvents } from "@/lib/platform/db/schema";
import { RefusalError } from "@/lib/platform/errors/refusal";
import { services } from "@/lib/server/services";
import { startCheckoutHarness } from "../helpers/checkout";

const FIXED = "/generate/alpha-fast/5s-720p";

/** The per-IP guard around the checkout, and the audit record every refusal leaves. */
describe("the guarded checkout", () => {
  let h: Awaited<ReturnType<typeof startCheckoutHarness>>;
  before(async () => {
    h = await startCheckoutHarness({ LIMIT_POSTS_PER_MINUTE_PER_IP: "7" });
  });
  after(async () => {
    await h?.close();
  });

  let peers = 0;
  const from = () => `10.0.0.${++peers}`;
  const send = (peer: string, body: unknown, p = FIXED) => {
    const headers = { "x-reel402-peer": peer };
    const request = h.request(p, body, headers);
    return guardedCheckout(services(), clientIdentity(request), () => h.input(p, body, headers));
  };
  // Refusal records are written just after their answers: flushed, they are all there.
  const refusals = async () => {
    await services().auditQueues.flush(h.db);
    return (
      await h.db
        .select({ data: auditEvents.data })
        .from(auditEvents)
        .where(eq(auditEvents.type, "request.refused"))
    ).map((r) => r.data);
  };

  test("a request let through carries the guard's RateLimit headers on its answer", async () => {
    const guarded = await send(from(), { prompt: "a kite over a meadow" });
    assert.equal(guarded.outcome.kind, "challenge");
    const res = checkoutResponse(guarded);
    assert.equal(res.status, 402);
    assert.match(res.headers.get("ratelimit-policy") ?? "", /q=7;w=60/);
    assert.ok(res.headers.get("ratelimit"));
  });

  test("a content-policy refusal is audited with sku, prompt hash and category, and counts toward the block", async () => {
    const peer = from();
    const before = (await refusals()).length;
    for (let i = 0; i < h.env.limits.abuseBlock.rejections; i++) {
      const { outcome } = await send(peer, { prompt: "a nude woman on a bed" });
      assert.equal(outcome.kind === "refused" && outcome.code, "content_policy");
    }
    const blocked = await send(peer, { prompt: "a kite over a meadow" });
    assert.equal(blocked.outcome.kind === "refused" && blocked.outcome.code, "ip_blocked");
    const res = checkoutResponse(blocked);
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get("retry-after")) > 0);

    const audited = (await refusals()).slice(before);
    assert.equal(audited.length, h.env.limits.abuseBlock.rejections + 1);
    const [first] = audited;
    assert.equal(first?.status, 403);
    assert.equal(first?.code, "content_policy");
    assert.equal(first?.category, "sexual");
    assert.equal(first?.sku, "alpha-fast-5s-720p");
    assert.match(String(first?.promptHash), /^[0-9a-f]{64}$/);
    assert.match(String(first?.ipHash), /^[0-9a-f]+$/);
    assert.equal(JSON.stringify(first).includes("nude"), false, "never the prompt itself");
    assert.deepEqual([audited.at(-1)?.status, audited.at(-1)?.code], [429, "ip_blocked"]);
  });

  test("past the per-minute limit: rate_limited, audited without a product", async () => {
    const peer = from();
    for (let i = 0; i < 7; i++) await send(peer, { prompt: "a kite over a meadow" });
    const before = (await refusals()).length;
    const limited = await send(peer, { prompt: "a kite over a meadow" });
    assert.equal(limited.outcome.kind === "refused" && limited.outcome.code, "rate_limited");
    assert.equal(checkoutResponse(limited).status, 429);
    const [audited] = (await refusals()).slice(before);
    assert.deepEqual([audited?.code, audited?.sku], ["rate_limited", undefined]);
  });

  test("refusals outside 403/429/503 (an unknown product) are not audited", async () => {
    const before = (await refusals()).length;
    const { outcome } = await send(from(), { prompt: "x" }, "/generate/nope/none");
    assert.equal(outcome.kind === "refused" && outcome.code, "not_found");
    assert.equal((await refusals()).length, before);
  });

  test("a thrown RefusalError is answered as its problem, with Retry-After", async () => {
    const route = withErrors(async () => {
      throw new RefusalError("unavailable", "The guard is down.", { retryAfter: 5 });
    });
    const res = await route();
    assert.deepEqual([res.status, res.headers.get("retry-after")], [503, "5"]);
    const body = (await res.json()) as { code: string; detail: string };
    assert.deepEqual([body.code, body.detail], ["unavailable", "The guard is down."]);
  });
});
