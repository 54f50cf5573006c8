import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import { type FalFake, startFalFake } from "../fakes/fal-fake";
import { chainServers } from "../helpers/chain-servers";
import { payForJob } from "../helpers/pay";
import { payingFetch } from "../helpers/payer";
import type { JobBody } from "../helpers/poll";

/**
 * Failover on the built server with the real chain: the first upstream refuses the model (Ark's
 * ModelNotOpen, as when the model is not activated in the console), the second delivers; the
 * payer is charged once and owed nothing, /status shows the first as down, and the operator's
 * log says so. Ark's callbacks reach the service's callback route and are taken.
 */

type Job = JobBody & { refund: { status: string } | null };
type Status = {
  providers: { provider: string; state: string; down_reason: string | null }[];
};

describe("failover between upstreams on the built server", () => {
  const suite = chainServers();
  let ark: ArkFake;
  let fal: FalFake;
  before(async () => {
    ark = await startArkFake({ pollsBeforeDone: 1 });
    fal = await startFalFake({ pollsBeforeDone: 1 });
  });
  after(async () => {
    await ark?.close();
    await fal?.close();
  });

  test("Ark answers ModelNotOpen: fal delivers the job, charged once, Ark shown down", {
    timeout: 240_000,
  }, async () => {
    const { s } = await suite.fresh({
      PROVIDERS: "ark,fal",
      ARK_BASE_URL: ark.url,
      ARK_API_KEY: ark.apiKey,
      FAL_KEY: fal.apiKey,
      FAL_QUEUE_URL: fal.url,
      FAL_REST_URL: fal.url,
      FAL_JWKS_URL: `${fal.url}/.well-known/jwks.json`,
    });
    ark.faults.enqueue("model_not_open");
    const payer = payingFetch(6).account.address;
    const start = await suite.chain().balanceOf(payer);
    const created = await payForJob(s.url, 6, "/generate/alpha-fast/custom", {
      prompt: "a paper boat drifting down a rainy street",
      duration: 4,
      resolution: "480p",
    });
    const paid = start - (await suite.chain().balanceOf(payer));
    assert.ok(paid > 0n, "the job was paid for");

    let job: Job | undefined;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      job = (await (await fetch(`${s.url}/jobs/${created.job_id}`)).json()) as Job;
      if (["succeeded", "failed", "cancelled"].includes(job.status)) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    assert.equal(job?.status, "succeeded", `${JSON.stringify(job)}\n${s.output().slice(-3000)}`);
    assert.equal(job?.attempts, 2, "Ark's refusal, then fal's render");
    assert.equal(job?.refund, null, "delivered: nothing is owed back");
    assert.equal(start - (await suite.chain().balanceOf(payer)), paid, "charged exactly once");
    assert.equal(fal.queue.size, 1, "one render on fal");

    const status = (await (await fetch(`${s.url}/status`)).json()) as Status;
    const arkState = status.providers.find((p) => p.provider === "ark");
    assert.equal(arkState?.state, "down");
    assert.match(arkState?.down_reason ?? "", /upstream_account/);
    assert.match(s.output(), /provider ark is down/, "the operator's log names it");
    assert.doesNotMatch(s.output(), new RegExp(ark.apiKey), "the key never reaches the log");

    // A second job goes to fal first while Ark is down; Ark's task and callbacks are all taken.
    const again = await payForJob(s.url, 6, "/generate/alpha-fast/custom", {
      prompt: "a lighthouse at dusk",
      duration: 4,
      resolution: "480p",
    });
    for (let i = 0; i < 600; i++) {
      const next = (await (await fetch(`${s.url}/jobs/${again.job_id}`)).json()) as Job;
      if (next.status === "succeeded") {
        assert.equal(next.attempts, 1);
        break;
      }
      assert.notEqual(next.status, "failed", JSON.stringify(next));
      await new Promise((r) => setTimeout(r, 150));
    }
    assert.equal(fal.queue.size, 2);
    await s.stop();
  });

  test("Ark's completion callbacks reach the callback route and are taken", {
    timeout: 240_000,
  }, async () => {
    const { s } = await suite.fresh({
      PROVIDERS: "ark",
      ARK_BASE_URL: ark.url,
      ARK_API_KEY: ark.apiKey,
    });
    const sent = ark.callbacks.length;
    const created = await payForJob(s.url, 7, "/generate/alpha-fast/custom", {
      prompt: "a kite over a windy beach",
      duration: 4,
      resolution: "480p",
    });
    let job: Job | undefined;
    for (let i = 0; i < 1200; i++) {
      job = (await (await fetch(`${s.url}/jobs/${created.job_id}`)).json()) as Job;
      if (["succeeded", "failed"].includes(job.status)) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    assert.equal(job?.status, "succeeded", JSON.stringify(job));
    await ark.callbacksSettled();
    const ours = ark.callbacks.slice(sent);
    assert.ok(ours.length > 0, "Ark called back");
    assert.ok(
      ours.every((c) => c.url.startsWith(`${s.url}/api/upstream/ark/`) && c.status === 204),
      JSON.stringify(ours.map((c) => [c.url.replace(/[^/]+$/, "…"), c.status])),
    );
    await s.stop();
  });
});
