import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import postgres from "postgres";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { startServer, type TestServer } from "../helpers/server";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

type Readiness = { status?: string; code?: string; failures?: { check: string; reason: string }[] };

async function probe(
  url: string,
): Promise<{ status: number; body: Readiness; ms: number; type: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return {
    status: res.status,
    body: (await res.json()) as Readiness,
    ms: performance.now() - t0,
    type: res.headers.get("content-type") ?? "",
  };
}

describe("health endpoints for load balancers", () => {
  let chain: TestChain;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let server: TestServer;
  before(async () => {
    chain = await startTestChain();
    db = await createTestDatabase();
    const direct = new URL(db.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: viaProxy.toString(),
    });
  });
  after(async () => {
    await server?.stop();
    await proxy?.close();
    await chain?.stop();
    await db?.drop();
  });

  test("both answer 200 on a healthy instance, and the OpenAPI document lists them", async () => {
    const live = await probe(`${server.url}/healthz`);
    assert.equal(live.status, 200);
    assert.deepEqual(live.body, { status: "ok" });
    const ready = await probe(`${server.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: "ready" });
    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, unknown> } }>;
    };
    assert.ok(openapi.paths["/healthz"]?.get?.responses["200"]);
    assert.ok(openapi.paths["/readyz"]?.get?.responses["503"]);
  });

  test("/readyz answers 503 naming the migration a database has not applied", async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const [newest] =
        await sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`;
      assert.ok(newest);
      await sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`;
      try {
        const ready = await probe(`${server.url}/readyz`);
        assert.equal(ready.status, 503);
        assert.match(ready.type, /application\/problem\+json/);
        assert.equal(ready.body.code, "unavailable");
        assert.deepEqual(
          ready.body.failures?.map((f) => f.check),
          ["migrations"],
        );
        assert.match(
          ready.body.failures?.[0]?.reason ?? "",
          /1 migration\(s\) not applied: \d{4}_/,
        );
      } finally {
        await sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`;
      }
      assert.equal((await probe(`${server.url}/readyz`)).status, 200);
    } finally {
      await sql.end();
    }
  });

  test("with the database cut off /healthz still answers 200 at once and /readyz 503 within its timeout; both recover", async () => {
    await proxy.cut();
    try {
      for (let i = 0; i < 5; i++) {
        const live = await probe(`${server.url}/healthz`);
        assert.equal(live.status, 200);
        assert.ok(live.ms < 1_000, `healthz took ${live.ms} ms with the database down`);
      }
      const ready = await probe(`${server.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.equal(ready.body.code, "unavailable");
      assert.deepEqual(
        ready.body.failures?.map((f) => f.check),
        ["database"],
      );
      assert.ok(ready.ms < 5_000, `readyz took ${ready.ms} ms`);
      // The reason is public: it names no host, port or database.
      assert.doesNotMatch(JSON.stringify(ready.body), /127\.0\.0\.1|reel402_test_|postgres:/);
    } finally {
      await proxy.restore();
    }
    const deadline = Date.now() + 20_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await probe(`${server.url}/readyz`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(status, 200, "readyz did not recover after the database came back");
  });
});
