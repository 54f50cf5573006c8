import assert from "node:assert/strict";
import { test } from "node:test";
import { NextRequest } from "next/server";
import { STATIC_CONTENT_SECURITY_POLICY } from "@/lib/http/api/response-headers";
import { proxy } from "@/proxy";

const HTML = "text/html,application/xhtml+xml";
const call = (path: string, accept?: string, method = "GET") =>
  proxy(
    new NextRequest(`http://localhost:3000${path}`, {
      method,
      headers: accept ? { accept } : {},
    }),
  );
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
// How NextResponse.next() hands rewritten request headers to the route.
const forwardedCsp = (res: Response) =>
  res.headers.get("x-middleware-request-content-security-policy");

test("JSON, text and media routes get the one fixed policy, no nonce and no request-header copy", () => {
  const paths = ["/healthz", "/jobs/8c1f0c59-3a3c-4a7e-9f43-0cf0f1a6d5a2", "/status", "/llms.txt"];
  for (const path of paths) {
    const res = call(path, path === "/llms.txt" ? HTML : "application/json");
    assert.equal(res.headers.get("content-security-policy"), STATIC_CONTENT_SECURITY_POLICY, path);
    assert.equal(forwardedCsp(res), null, path);
    assert.equal(res.headers.get("x-middleware-override-headers"), null, path);
    assert.equal(res.headers.get("x-frame-options"), "DENY", path);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
    assert.equal(res.headers.get("access-control-allow-origin"), "*", path);
  }
  assert.match(STATIC_CONTENT_SECURITY_POLICY, /frame-ancestors 'none'/);
  assert.match(STATIC_CONTENT_SECURITY_POLICY, /default-src 'none'/);
  // The storefront JSON at / still negotiates.
  const storefront = call("/", "application/json");
  assert.equal(storefront.headers.get("content-security-policy"), STATIC_CONTENT_SECURITY_POLICY);
  assert.equal(storefront.headers.get("vary"), "Accept");
});

test("pages (the studio, / for a browser, the HTML 404) get a fresh nonce, handed to Next.js too", () => {
  const nonces = new Set<string>();
  for (const [path, accept] of [
    ["/studio", undefined],
    ["/studio", HTML],
    ["/", HTML],
    ["/no-such-page", HTML],
  ] as const) {
    const res = call(path, accept);
    const csp = res.headers.get("content-security-policy");
    const nonce = nonceOf(csp);
    assert.ok(nonce, `${path}: a nonce`);
    assert.equal(forwardedCsp(res), csp, `${path}: Next.js stamps its scripts with it`);
    assert.equal(res.headers.get("x-frame-options"), "DENY", path);
    nonces.add(nonce);
  }
  assert.equal(nonces.size, 4, "one per response");
});

test("answers the proxy makes itself carry the fixed policy: 404 and 405 problems", () => {
  const missing = call("/no-such-thing", "application/json");
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get("content-security-policy"), STATIC_CONTENT_SECURITY_POLICY);
  const wrongMethod = call("/healthz", "application/json", "POST");
  assert.equal(wrongMethod.status, 405);
  assert.equal(wrongMethod.headers.get("content-security-policy"), STATIC_CONTENT_SECURITY_POLICY);
});
