import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { cpuMs } from "../../bench/http";
import { startTestChain, type TestChain } from "../helpers/chain";
import { payingFetch } from "../helpers/payer";
import { startServer } from "../helpers/server";

const PRODUCT = "/generate/alpha-fast/5s-720p";

/**
 * The reader of the service's output goes away (a closed terminal, a log shipper restarting):
 * every later line fails with EPIPE. The service keeps serving, and the failed writes cost it
 * nothing more: before, each one's report was itself a failing write, and the process spun at
 * full CPU on its own logs.
 */
describe("a service whose log reader went away", () => {
  let chain: TestChain;
  before(async () => {
    chain = await startTestChain();
  });
  after(async () => {
    await chain?.stop();
  });

  test("keeps answering paid and free requests, idle between them", {
    timeout: 120_000,
  }, async () => {
    const server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      LOCAL_RENDER_WAIT_ONLY: "true",
    });
    try {
      server.process.stdout?.destroy();
      server.process.stderr?.destroy();
      const payer = payingFetch(1);
      const pay = async (take: number) => {
        const res = await payer.fetch(`${server.url}${PRODUCT}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ prompt: `a lighthouse at dusk, take ${take}` }),
        });
        const body = (await res.json()) as { status_url?: string };
        assert.equal(res.status, 200);
        return new URL(body.status_url ?? "", server.url).toString();
      };
      // A paid job runs to its end, and the engine has its say about it in the log.
      const statusUrl = await pay(1);
      const deadline = Date.now() + 60_000;
      for (;;) {
        // A process spinning on its logs answers late or not at all: each look gets 5 s.
        const job = (await (
          await fetch(statusUrl, { signal: AbortSignal.timeout(5_000) })
        ).json()) as {
          status: string;
        };
        if (job.status === "succeeded") break;
        assert.ok(Date.now() < deadline, `the job is still ${job.status}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const before = cpuMs(server);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const after = cpuMs(server);
      assert.ok(before !== null && after !== null, "the server's CPU could not be read");
      const used = after - before;
      // Idle is a few tens of milliseconds here; spinning on EPIPE was over 4,000.
      assert.ok(used < 1_000, `the service used ${used} ms of CPU in 4 s with nothing to do`);
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      await pay(2);
    } finally {
      await server.kill();
    }
  });
});
