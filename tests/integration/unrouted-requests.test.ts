import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startServer, type TestServer } from "../helpers/server";

type Problem = { type: string; status: number; code: string; title: string; instance?: string };

async function problemOf(res: Response): Promise<Problem> {
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  return (await res.json()) as Problem;
}

describe("requests no route takes, on the built server", () => {
  let server: TestServer;
  before(async () => {
    // Nothing here is paid or reads the chain.
    server = await startServer({});
  });
  after(async () => {
    await server?.stop();
  });

  test("a wrong method on an API route is a 405 problem naming the allowed methods", async () => {
    const cases: [string, string, string][] = [
      ["/generate/alpha/fast", "GET", "POST, OPTIONS"],
      ["/uploads", "PUT", "POST, OPTIONS"],
      ["/jobs/00000000-0000-0000-0000-000000000000", "POST", "GET, DELETE, HEAD, OPTIONS"],
      ["/videos/some-key", "DELETE", "GET, HEAD, OPTIONS"],
      ["/status", "PATCH", "GET, HEAD, OPTIONS"],
      ["/", "POST", "GET, HEAD, OPTIONS"],
    ];
    for (const [path, method, allow] of cases) {
      const res = await fetch(`${server.url}${path}`, { method });
      assert.equal(res.status, 405, `${method} ${path}`);
      assert.equal(res.headers.get("allow"), allow, `${method} ${path}`);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
      const body = await problemOf(res);
      assert.equal(body.code, "method_not_allowed");
      assert.equal(body.status, 405);
      assert.equal(body.instance, path);
    }
    // A method the route has still reaches it.
    const job = await fetch(`${server.url}/jobs/00000000-0000-0000-0000-000000000000`);
    assert.equal(job.status, 404);
    assert.equal((await problemOf(job)).instance, "/jobs/00000000-0000-0000-0000-000000000000");
    assert.equal((await fetch(`${server.url}/healthz`, { method: "HEAD" })).status, 200);
  });

  test("the routes answered without the proxy refuse every other method and carry its headers", async () => {
    const job = "/jobs/00000000-0000-0000-0000-000000000000";
    const cases: [string, string[], string][] = [
      ["/healthz", ["POST", "PUT", "PATCH", "DELETE"], "GET, HEAD, OPTIONS"],
      [job, ["POST", "PUT", "PATCH"], "GET, DELETE, HEAD, OPTIONS"],
      ["/generate/alpha-fast/5s-720p", ["GET", "PUT", "PATCH", "DELETE"], "POST, OPTIONS"],
    ];
    for (const [path, methods, allow] of cases) {
      for (const method of methods) {
        const res = await fetch(`${server.url}${path}`, { method });
        assert.equal(res.status, 405, `${method} ${path}`);
        assert.equal(res.headers.get("allow"), allow, `${method} ${path}`);
        assert.equal((await problemOf(res)).code, "method_not_allowed", `${method} ${path}`);
      }
      const head = await fetch(`${server.url}${path}`, { method: "HEAD" });
      assert.equal(head.status, allow.includes("HEAD") ? (path === job ? 404 : 200) : 405, path);
      const preflight = await fetch(`${server.url}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://agent.example", "access-control-request-method": "POST" },
      });
      assert.equal(preflight.status, 204, path);
      assert.match(
        preflight.headers.get("access-control-allow-headers") ?? "",
        /payment-signature/,
      );
      assert.equal(preflight.headers.get("access-control-allow-origin"), "*", path);
      const plain = await fetch(`${server.url}${path}`, { method: allow.split(",")[0] });
      for (const [name, value] of [
        ["access-control-allow-origin", "*"],
        ["x-content-type-options", "nosniff"],
        ["x-frame-options", "DENY"],
        ["referrer-policy", "same-origin"],
      ] as const)
        assert.equal(plain.headers.get(name), value, `${path}: ${name}`);
      assert.match(plain.headers.get("access-control-expose-headers") ?? "", /PAYMENT-REQUIRED/);
      assert.match(plain.headers.get("content-security-policy") ?? "", /default-src 'none'/);
      await plain.arrayBuffer();
    }
  });

  test("an unknown path is a 404 problem for API clients and the HTML 404 page for browsers", async () => {
    for (const accept of [null, "application/json", "*/*"]) {
      const res = await fetch(`${server.url}/no/such/thing`, {
        headers: accept ? { accept } : {},
      });
      assert.equal(res.status, 404, `accept ${accept}`);
      assert.match(res.headers.get("vary") ?? "", /accept/i);
      const body = await problemOf(res);
      assert.equal(body.code, "not_found");
      assert.equal(body.instance, "/no/such/thing");
    }
    const res = await fetch(`${server.url}/no/such/thing`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    assert.equal(res.status, 404);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
    const html = await res.text();
    assert.match(html, /Page not found/);
    assert.match(html, /href="\/"/);
  });
});
