import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { activeJobs, paidRequestDone } from "@/lib/checkout/active-jobs";
import { countActiveJobs } from "@/lib/jobs/stats-repository";
import { startCheckoutHarness } from "../helpers/checkout";

const FIXED = "/generate/alpha-fast/5s-720p";

/**
 * The count behind the capacity check before a quote, on the real Postgres: what a paid request
 * that created a job does to it, and that the quote after it sees that job.
 */
let h: Awaited<ReturnType<typeof startCheckoutHarness>>;
before(async () => {
  h = await startCheckoutHarness();
});
after(async () => {
  await h?.close();
});

test("a paid request that created a job carries a count taken before it forward by one, without a query", async () => {
  const counted = await countActiveJobs(h.db);
  const started = Date.now();
  paidRequestDone(h.db, started, null);
  assert.equal(await activeJobs(h.db), counted);
  // Only the cache can answer one more than the table holds.
  paidRequestDone(h.db, Date.now() + 1, true);
  assert.equal(await activeJobs(h.db), counted + 1);
  paidRequestDone(h.db, Date.now() + 1, false);
  assert.equal(
    await activeJobs(h.db),
    counted + 1,
    "a request that created nothing changes nothing",
  );
  paidRequestDone(h.db, 0, true);
  assert.equal(await activeJobs(h.db), counted, "a count taken during the request is taken again");
  paidRequestDone(h.db, Date.now() + 1, null);
  assert.equal(await activeJobs(h.db), counted, "a request that failed leaves the count unknown");
});

test("the quote right after a paid request that filled the queue is refused at capacity", async () => {
  const env = {
    ...h.env,
    limits: { ...h.env.limits, queueCapacity: (await countActiveJobs(h.db)) + 1 },
  };
  const body = { prompt: "a lantern drifting on a river" };
  const challenge = await h.post(FIXED, body, {}, { env });
  if (challenge.kind !== "challenge") throw new Error(`no challenge: ${JSON.stringify(challenge)}`);
  const signature = await h.sign(1, challenge.required);
  const paid = await h.post(FIXED, body, { "payment-signature": signature }, { env });
  assert.equal(paid.kind, "created", JSON.stringify(paid));
  const next = await h.post(FIXED, { prompt: "a second lantern" }, {}, { env });
  assert.equal(next.kind === "refused" && next.code, "at_capacity", JSON.stringify(next));
});
