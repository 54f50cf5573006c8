import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { post } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";

const RELAY = "ws://127.0.0.1:5555";
const HTML = { accept: "text/html,application/xhtml+xml" };

/** The directives of a CSP header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  assert.ok(csp, "a Content-Security-Policy header");
  return new Map(
    csp.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function assertHardened(res: Response, what: string) {
  assert.equal(res.headers.get("x-frame-options"), "DENY", what);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff", what);
  assert.equal(res.headers.get("referrer-policy"), "same-origin", what);
  assert.deepEqual(
    directives(res.headers.get("content-security-policy")).get("frame-ancestors"),
    ["'none'"],
    what,
  );
  const internal = [...res.headers.keys()].filter(
    (name) => name.startsWith("x-middleware-") || name === "x-nextjs-rewrite",
  );
  assert.deepEqual(internal, [], `${what}: no internal routing header`);
}

describe("security headers on the built server", () => {
  let server: TestServer;
  before(async () => {
    // No chain needed: nothing here is paid. WalletConnect on, through a relay of the operator's.
    server = await startServer({
      WALLETCONNECT_PROJECT_ID: "5eed402c0ffee0000000000000000402",
      WALLETCONNECT_RELAY_URL: RELAY,
    });
  });
  after(() => server?.stop());

  test("the studio is served with a nonce CSP that every script tag carries, and cannot be framed", async () => {
    for (const path of ["/", "/studio"]) {
      const res = await fetch(`${server.url}${path}`, { headers: HTML });
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/, path);
      assertHardened(res, path);
      const csp = directives(res.headers.get("content-security-policy"));
      const scripts = csp.get("script-src") ?? [];
      const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      assert.ok(nonce && nonce.length >= 22, `${path}: a nonce of 128 bits`);
      assert.ok(scripts.includes("'strict-dynamic'"), path);
      assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'"), path);
      assert.deepEqual(csp.get("object-src"), ["'none'"]);
      assert.deepEqual(csp.get("base-uri"), ["'none'"]);
      // The devnet node the studio reads balances from, and the operator's WalletConnect relay.
      const connect = csp.get("connect-src") ?? [];
      for (const source of ["'self'", "http://127.0.0.1:8545", RELAY])
        assert.ok(connect.includes(source), `${path}: connect-src ${source}`);
      const html = await res.text();
      const tags = html.match(/<script\b[^>]*>/g) ?? [];
      assert.ok(tags.length > 0, path);
      for (const tag of tags)
        assert.match(
          tag,
          new RegExp(`\\bnonce="${nonce?.replace(/[+/=]/g, "\\$&")}"`),
          `${path}: ${tag}`,
        );
    }
  });

  test("each response has its own nonce", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/studio`, { headers: HTML });
      await res.arrayBuffer();
      nonces.add(
        /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "",
      );
    }
    assert.equal(nonces.size, 3);
  });

  test("a 404 page renders per request, so its scripts carry the nonce too", async () => {
    const res = await fetch(`${server.url}/no-such-page`, { headers: HTML });
    assert.equal(res.status, 404);
    assertHardened(res, "404");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const tags = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
    assert.ok(tags.length > 0);
    for (const tag of tags) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
  });

  test("JSON, problem and preflight responses carry nosniff and no-framing too; / still negotiates", async () => {
    const storefront = await fetch(`${server.url}/`, { headers: { accept: "application/json" } });
    assert.match(storefront.headers.get("content-type") ?? "", /application\/json/);
    assert.match(storefront.headers.get("vary") ?? "", /Accept/);
    assertHardened(storefront, "storefront");
    const quote = await post(`${server.url}/generate/alpha/5s-720p`, { prompt: "dunes at dawn" });
    assert.equal(quote.status, 402);
    assertHardened(quote, "402");
    const invalid = await post(`${server.url}/generate/alpha/5s-720p`, "{not json");
    assert.match(invalid.headers.get("content-type") ?? "", /application\/problem\+json/);
    assertHardened(invalid, "problem");
    const preflight = await fetch(`${server.url}/generate/alpha/5s-720p`, { method: "OPTIONS" });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get("x-content-type-options"), "nosniff");
    assert.equal(preflight.headers.get("x-frame-options"), "DENY");
    for (const path of ["/status", "/llms.txt", "/openapi.json"])
      assertHardened(await fetch(`${server.url}${path}`), path);
  });

  test("API answers reach a gzip-accepting client as sent; pages are still compressed", async () => {
    const gzip = { "accept-encoding": "gzip, deflate, br" };
    // A quote is well over the compressor's 1 KiB threshold, so only no-transform keeps it plain.
    const quote = await post(
      `${server.url}/generate/alpha/5s-720p`,
      { prompt: "dunes at dawn" },
      gzip,
    );
    assert.equal(quote.status, 402);
    assert.ok((await quote.text()).length > 1024, "the 402 body is larger than the threshold");
    assert.equal(quote.headers.get("content-encoding"), null, "402");
    assert.match(quote.headers.get("cache-control") ?? "", /\bno-transform\b/);
    const page = await fetch(`${server.url}/studio`, { headers: { ...HTML, ...gzip } });
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("content-encoding"), "gzip", "the studio page");
  });
});
