import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import postgres from "postgres";
import { chainServers } from "../helpers/chain-servers";
import { payForJob } from "../helpers/pay";
import { waitFor, waitForJob } from "../helpers/poll";

// Nothing listens on port 1: an upstream that is down.
const DOWN = "http://127.0.0.1:1";

describe("retries, failover and restarts", () => {
  const suite = chainServers();
  const server = suite.fresh;

  test("the first upstream failing, the job succeeds on the second with attempts = 2", {
    timeout: 120_000,
  }, async () => {
    const { s, db } = await server({
      PROVIDERS: "ark,local",
      ARK_BASE_URL: DOWN,
      ARK_API_KEY: "test-key",
      UPSTREAM_REQUEST_TIMEOUT_MS: "2000",
    });
    const created = await payForJob(s.url, 1, "/generate/alpha-fast/custom", {
      prompt: "rain on a tin roof",
      duration: 4,
      resolution: "480p",
    });
    const job = await waitForJob(s.url, created.job_id);
    assert.equal(job.status, "succeeded");
    assert.equal(job.attempts, 2);
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    const rows = await sql<{ provider: string; status: string; code: string | null }[]>`
      select provider, status, error->>'code' as code from attempts where job_id = ${created.job_id} order by number`;
    await sql.end();
    assert.deepEqual(
      [...rows],
      [
        { provider: "ark", status: "failed", code: "upstream_unreachable" },
        { provider: "local", status: "succeeded", code: null },
      ],
    );
  });

  test("every upstream failing, the job fails after 3 attempts with a safe error", {
    timeout: 120_000,
  }, async () => {
    const { s } = await server({
      PROVIDERS: "ark,fal",
      ARK_BASE_URL: DOWN,
      ARK_API_KEY: "secret-ark-key",
      FAL_QUEUE_URL: DOWN,
      FAL_KEY: "secret-fal-key",
    });
    const created = await payForJob(s.url, 2, "/generate/alpha/5s-720p", {
      prompt: "a dune at noon",
    });
    const job = await waitForJob(s.url, created.job_id);
    assert.equal(job.status, "failed");
    assert.equal(job.attempts, 3);
    assert.deepEqual(Object.keys(job.error ?? {}).sort(), ["code", "message", "retryable"]);
    assert.equal(job.error?.code, "upstream_unreachable");
    assert.doesNotMatch(JSON.stringify(job), /secret-|127\.0\.0\.1:1|at .*\.ts/);
  });

  test("a server killed mid-generation finishes the job after restart without a second upstream submission", {
    timeout: 180_000,
  }, async () => {
    const env = { LOCAL_RENDER_MIN_LATENCY_MS: "4000" };
    const { s, db } = await server(env);
    const created = await payForJob(s.url, 3, "/generate/alpha-fast/custom", {
      prompt: "northern lights over a fjord",
      duration: 4,
      resolution: "480p",
    });
    // Kill once the upstream task exists: an attempt still being submitted is failed over by design.
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    await waitFor(
      "a running upstream task",
      async () =>
        (await sql`select 1 from attempts where job_id = ${created.job_id} and status = 'running'`)
          .length > 0,
    );
    await sql.end();
    await s.kill();
    const again = await suite.server(db.url, env, { dataDir: s.dataDir });
    const job = await waitForJob(again.url, created.job_id, 120_000);
    assert.equal(job.status, "succeeded");
    assert.equal(job.attempts, 1);
    assert.equal(
      readdirSync(path.join(s.dataDir, "renders")).length,
      1,
      "one upstream task, rendered once or resumed",
    );
  });
});
