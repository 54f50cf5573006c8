import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { count, eq } from "drizzle-orm";
import { openDb } from "@/lib/platform/db/client";
import { auditEvents, rateLimitHits } from "@/lib/platform/db/schema";
import { startTestChain, type TestChain } from "../helpers/chain";
import { post } from "../helpers/http";
import { startServer } from "../helpers/server";

const REFUSED = 12;

/**
 * Refusal records and the embedded database's limits are kept in memory for a moment after the
 * answers go out; a clean shutdown (SIGTERM) writes them before the process ends.
 */
describe("a clean shutdown on the embedded database", () => {
  let chain: TestChain;
  before(async () => {
    chain = await startTestChain();
  });
  after(async () => {
    await chain?.stop();
  });

  test("every refusal answered just before SIGTERM is in the audit chain, and the limits are saved", {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      TRUST_PROXY: "true",
    });
    const url = `${server.url}/generate/alpha-fast/5s-720p`;
    const answers = await Promise.all(
      Array.from({ length: REFUSED }, (_, i) =>
        post(
          url,
          { prompt: "a lighthouse at dusk --ar 21:9" },
          { "x-forwarded-for": `198.51.100.${i + 1}` },
        ),
      ),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      Array(REFUSED).fill(403),
    );
    await server.stop();
    const { db, close } = await openDb(undefined, server.dataDir);
    try {
      const [refused] = await db
        .select({ n: count() })
        .from(auditEvents)
        .where(eq(auditEvents.type, "request.refused"));
      assert.equal(refused?.n, REFUSED);
      const [windows] = await db.select({ n: count() }).from(rateLimitHits);
      assert.equal(windows?.n, REFUSED);
    } finally {
      await close();
    }
  });
});
