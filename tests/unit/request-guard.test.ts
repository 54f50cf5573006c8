import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { before, describe, test } from "node:test";
import {
  type ClientIdentity,
  type GuardRule,
  guardRequest,
} from "@/lib/platform/limits/request-guard";
import { services } from "@/lib/server/services";

const rule = (bucket: GuardRule["bucket"], perMinute: number): GuardRule => ({
  bucket,
  perMinute,
  detail: {
    rate_limited: `${bucket}: too many`,
    ip_blocked: `${bucket}: blocked`,
    unavailable: `${bucket}: guard down`,
  },
});
// The process's own limit store, as the routes pass it.
const guard = (client: ClientIdentity, r: GuardRule) => guardRequest(services(), client, r);
const POSTS = rule("posts", 2);
const UPLOADS = rule("uploads", 3);

/** The one per-IP guard generation POSTs and uploads share, on the embedded store. */
describe("the request guard", () => {
  before(() => {
    Object.assign(process.env, {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "reel402-guard-")),
      ABUSE_BLOCK_REJECTIONS: "2",
    });
  });

  let peers = 0;
  const client = (crossSiteOrigin: string | null = null, ip = `10.9.0.${++peers}`) => ({
    ip,
    crossSiteOrigin,
  });

  test("each endpoint counts on its own budget, refusing past it with its own detail and Retry-After", async () => {
    const me = client();
    for (let i = 0; i < 2; i++) assert.equal((await guard(me, POSTS)).refusal, null);
    const limited = await guard(me, POSTS);
    assert.equal(limited.refusal?.code, "rate_limited");
    assert.equal(limited.refusal?.detail, "posts: too many");
    assert.ok((limited.refusal?.retryAfter ?? 0) > 0);
    assert.match(limited.rateLimit["RateLimit-Policy"] ?? "", /q=2;w=60/);
    // The same address still has its whole upload budget.
    for (let i = 0; i < 3; i++) assert.equal((await guard(me, UPLOADS)).refusal, null);
    assert.equal((await guard(me, UPLOADS)).refusal?.code, "rate_limited");
  });

  test("content-policy rejections counted by one endpoint block the address on both; the audit names a hash", async () => {
    const me = client(null, "203.0.113.77");
    const upload = await guard(me, UPLOADS);
    assert.equal(upload.refusal, null);
    assert.equal(JSON.stringify(upload.auditClient).includes("203.0.113.77"), false);
    assert.match(upload.auditClient.ipHash, /^[0-9a-f]{32}$/);
    await upload.countRejection();
    await upload.countRejection();
    for (const r of [POSTS, UPLOADS]) {
      const blocked = await guard(me, r);
      assert.equal(blocked.refusal?.code, "ip_blocked", r.bucket);
      assert.equal(blocked.refusal?.detail, `${r.bucket}: blocked`);
    }
  });

  test("another site's page blocks only itself, not the address it used", async () => {
    const ip = "198.51.100.9";
    const hostile = client("https://hostile.example", ip);
    const page = await guard(hostile, POSTS);
    assert.deepEqual(page.auditClient.crossSite, true);
    await page.countRejection();
    await page.countRejection();
    assert.equal((await guard(hostile, UPLOADS)).refusal?.code, "ip_blocked");
    const own = await guard(client(null, ip), UPLOADS);
    assert.equal(own.refusal, null);
    assert.equal(own.auditClient.crossSite, undefined);
  });
});
