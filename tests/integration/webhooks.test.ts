import assert from "node:assert/strict";
import { describe, test } from "node:test";
import postgres from "postgres";
import { devnetAccount } from "@/lib/devnet/accounts";
import { chainServers } from "../helpers/chain-servers";
import { payForJob } from "../helpers/pay";
import { payingFetch } from "../helpers/payer";
import { waitFor, waitForJob } from "../helpers/poll";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

const PATH = "/generate/alpha-fast/custom";
const BODY = { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };

type Shown = { event: string; status: string; attempts: number; last_status_code: number | null };

describe("webhooks bound to the payment", () => {
  const suite = chainServers();

  test("a receiver failing twice, with a kill -9 between attempts, gets one verified delivery", {
    timeout: 240_000,
  }, async () => {
    const db = await suite.database();
    const env = { WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_BASE_MS: "2000" };
    const first = await suite.server(db.url, env);
    let secret = "";
    const receiver = await startWebhookReceiver({ failures: 2, secret: () => secret });
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const key = `webhook-${Date.now()}`;
      const headers = { "Webhook-URL": receiver.url, "Idempotency-Key": key };
      const created = (await payForJob(first.url, 2, PATH, BODY, headers)) as {
        job_id: string;
        webhook_secret?: string;
      };
      secret = created.webhook_secret ?? "";
      assert.match(secret, /^whsec_/, "the secret is returned with the created job");
      const replay = (await payForJob(first.url, 2, PATH, BODY, headers)) as Record<
        string,
        unknown
      >;
      assert.equal(replay.job_id, created.job_id);
      assert.equal("webhook_secret" in replay, false, "a replay never shows the secret again");

      // Killed once the first attempt has failed and before the next one is due.
      await waitFor(
        "the first failed attempt",
        async () =>
          (
            await sql`select 1 from webhook_deliveries where job_id = ${created.job_id}
              and attempts = 1 and lease_until is null`
          ).length > 0,
        120_000,
      );
      await first.kill();
      assert.equal(receiver.received.length, 1, "one attempt before the kill");
      const again = await suite.server(db.url, env, { dataDir: first.dataDir });

      await waitFor("an accepted delivery", async () => receiver.accepted().length > 0, 120_000);
      const job = (await waitForJob(again.url, created.job_id)) as { webhooks?: Shown[] };
      // A few more upkeep ticks: a delivered event must never be sent again.
      await new Promise((r) => setTimeout(r, 3_000));
      assert.equal(receiver.received.length, 3, "two failures, then the accepted one");
      assert.ok(
        receiver.received.every((r) => r.verified),
        "every attempt's signature verifies",
      );
      assert.equal(
        new Set(receiver.received.map((r) => r.id)).size,
        1,
        "one webhook-id throughout",
      );
      const [accepted] = receiver.accepted();
      assert.equal(receiver.accepted().length, 1);
      const payload = JSON.parse(accepted?.body ?? "{}");
      assert.equal(payload.type, "job.succeeded");
      assert.equal(payload.data.job_id, created.job_id);
      const shown = (await (await fetch(`${again.url}/jobs/${created.job_id}`)).json()) as {
        webhooks?: Shown[];
      };
      assert.ok(job.webhooks);
      assert.deepEqual(
        shown.webhooks?.map((w) => [w.event, w.status, w.attempts, w.last_status_code]),
        [["job.succeeded", "delivered", 3, 200]],
      );
      assert.doesNotMatch(JSON.stringify(shown), /whsec_|hooks\/reel402/, "no secret or URL shown");
      assert.doesNotMatch(again.output() + first.output(), /whsec_/, "the secret is never logged");
    } finally {
      await sql.end();
      await receiver.close();
    }
  });

  test("a callback to 127.0.0.1 is refused before payment unless the operator allows it", {
    timeout: 120_000,
  }, async () => {
    const { s, db } = await suite.fresh();
    const payer = devnetAccount(3).address;
    const before = await suite.chain().balanceOf(payer);
    for (const url of ["http://127.0.0.1:9/hook", "https://127.0.0.1/hook", "https://[::1]/h"]) {
      const res = await payingFetch(3).fetch(`${s.url}${PATH}`, {
        method: "POST",
        headers: { "content-type": "application/json", "Webhook-URL": url },
        body: JSON.stringify(BODY),
      });
      assert.equal(res.status, 403, url);
      assert.match(res.headers.get("content-type") ?? "", /application\/problem\+json/);
      const problem = (await res.json()) as { code: string };
      assert.equal(problem.code, "webhook_url_refused");
    }
    // An unpaid request is refused the same way, before any 402 is offered.
    const unpaid = await fetch(`${s.url}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "Webhook-URL": "https://10.0.0.1/x" },
      body: JSON.stringify(BODY),
    });
    assert.equal(unpaid.status, 403);
    assert.equal(await suite.chain().balanceOf(payer), before, "nothing was charged");
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    const [{ n }] = (await sql`select count(*)::int as n from payments`) as unknown as [
      { n: number },
    ];
    await sql.end();
    assert.equal(n, 0, "no payment was even verified");
  });
});
