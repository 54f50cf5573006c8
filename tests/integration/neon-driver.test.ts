import assert from "node:assert/strict";
import { after, test } from "node:test";
import { neonConfig } from "@neondatabase/serverless";
import { count } from "drizzle-orm";
import { driverForUrl } from "@/lib/platform/db/driver-for-url";
import { openNeonDb } from "@/lib/platform/db/open-neon";
import { auditEvents } from "@/lib/platform/db/schema";
import { jobs } from "@/lib/jobs/schema";
import { payments } from "@/lib/money/schema";
import { createTestDatabase } from "../helpers/database";
import { startNeonWsProxy } from "../helpers/neon-ws-proxy";

test("the driver follows the URL: none is PGlite, a Neon host is Neon's serverless driver, anything else postgres.js", () => {
  assert.equal(driverForUrl(undefined), "pglite");
  assert.equal(
    driverForUrl(
      "postgresql://u:p@ep-cool-darkness-123456-pooler.us-east-2.aws.neon.tech/neondb?sslmode=require",
    ),
    "neon",
  );
  assert.equal(driverForUrl("postgres://postgres@127.0.0.1:5432/test"), "postgres");
  assert.equal(driverForUrl("postgres://u@neon.tech.example.com/db"), "postgres");
});

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanup.reverse()) await c();
});

test("the Neon path migrates and queries a real Postgres through a WebSocket proxy, as on Neon", {
  timeout: 60_000,
}, async () => {
  const database = await createTestDatabase();
  cleanup.push(database.drop);
  const url = new URL(database.url);
  const proxy = await startNeonWsProxy({ host: url.hostname, port: Number(url.port || 5432) });
  cleanup.push(proxy.stop);
  // Plain WebSocket to the local proxy; on Neon these stay at their defaults (TLS to Neon's proxy).
  neonConfig.wsProxy = () => proxy.address;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;

  const { db, close } = await openNeonDb(database.url);
  cleanup.push(close);
  // The migrations created the service's tables, and queries run through the pool.
  const counts = await Promise.all(
    [jobs, payments, auditEvents].map((t) => db.select({ n: count() }).from(t)),
  );
  assert.deepEqual(
    counts.map(([row]) => row?.n),
    [0, 0, 0],
  );
  const again = await openNeonDb(database.url);
  await again.close();
});
