import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { CheckoutOutcome } from "@/lib/checkout/outcome";
import { devnetAccount } from "@/lib/devnet/accounts";
import { inArray, sql } from "drizzle-orm";
import { ACTIVE_STATUSES } from "@/lib/jobs/state-machine";
import { jobs } from "@/lib/jobs/schema";
import { countActiveJobs } from "@/lib/jobs/stats-repository";
import { startCheckoutHarness } from "../helpers/checkout";
import { fundAccounts } from "../helpers/fund";

const FIXED = "/generate/alpha-fast/5s-720p";
const PRICE = 910_000n; // alpha-fast 5 s 720p in the price book
const PAYERS = [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13];
const ROOM = 4;

/**
 * The queue's capacity under payments arriving at once, in-process on the real Postgres and a
 * devnet chain: every payer passes the quote's count together, and the count under the capacity
 * lock, in the job's own transaction, lets exactly as many jobs in as there is room for.
 */
let h: Awaited<ReturnType<typeof startCheckoutHarness>>;
before(async () => {
  h = await startCheckoutHarness();
  await fundAccounts(h.chain.rpcUrl, h.chain.token, [10, 11, 12, 13], 10_000_000n);
});
after(async () => {
  await h?.close();
});

test("twelve payers paying at once for four free places: four jobs, the others refused and not charged", async () => {
  const capacity = (await countActiveJobs(h.db)) + ROOM;
  const env = { ...h.env, limits: { ...h.env.limits, queueCapacity: capacity } };
  const signed = await Promise.all(
    PAYERS.map(async (index) => {
      const body = { prompt: `a kite over a meadow, payer ${index}` };
      const challenge = await h.post(FIXED, body, {}, { env });
      assert.equal(challenge.kind, "challenge", JSON.stringify(challenge));
      if (challenge.kind !== "challenge") throw new Error("no challenge");
      const balance = await h.chain.balanceOf(devnetAccount(index).address);
      return { index, body, balance, signature: await h.sign(index, challenge.required) };
    }),
  );
  const outcomes: CheckoutOutcome[] = await Promise.all(
    signed.map(({ body, signature }) =>
      h.post(FIXED, body, { "payment-signature": signature }, { env }),
    ),
  );
  const created = outcomes.filter((o) => o.kind === "created");
  const refused = outcomes.filter((o) => o.kind === "refused");
  assert.equal(created.length, ROOM, JSON.stringify(outcomes.map((o) => o.kind)));
  assert.equal(refused.length, PAYERS.length - ROOM);
  for (const o of refused) assert.equal(o.kind === "refused" && o.code, "at_capacity");
  assert.equal(await countActiveJobs(h.db), capacity);
  // The count the capacity check reads (the trigger's) is the count of the rows themselves.
  const [rows] = await h.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, [...ACTIVE_STATUSES]));
  assert.equal(rows?.n, capacity);
  for (const [i, o] of outcomes.entries()) {
    const payer = signed[i];
    if (!payer) continue;
    const charged = payer.balance - (await h.chain.balanceOf(devnetAccount(payer.index).address));
    assert.equal(charged, o.kind === "created" ? PRICE : 0n, `payer #${payer.index}`);
  }
});
