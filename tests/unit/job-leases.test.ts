import assert from "node:assert/strict";
import { after, test } from "node:test";
import { eq } from "drizzle-orm";
import { claimDueJobs, releaseLease } from "@/lib/jobs/lease-repository";
import { jobs } from "@/lib/jobs/schema";
import type { Db } from "@/lib/platform/db/client";
import { openTestDatabase } from "../helpers/database";
import { payerSequence, queuedJob, tempDb } from "../helpers/jobs";

/**
 * The runner's claim on both databases the service runs on: runners scanning at once never lease
 * the same job, a leased job waits for its lease to lapse, and the soonest due are taken first.
 */
const closers: (() => Promise<void>)[] = [];
after(async () => {
  for (const close of closers) await close();
});
const databases: [string, () => Promise<Db>][] = [
  [
    "PGlite",
    async () => {
      const o = await tempDb();
      closers.push(o.close);
      return o.db;
    },
  ],
  [
    "Postgres",
    async () => {
      const o = await openTestDatabase();
      closers.push(o.close);
      return o.db;
    },
  ],
];
const payer = payerSequence(0xc1a1);

const claimIds = async (...args: Parameters<typeof claimDueJobs>) =>
  (await claimDueJobs(...args)).map((job) => job.id);

for (const [name, open] of databases) {
  test(`${name}: runners claiming at once share the due jobs out, each job to one of them`, async () => {
    const db = await open();
    const made = await Promise.all(Array.from({ length: 30 }, () => queuedJob(db, payer())));
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => claimIds(db, `runner-${i}`, 8, 60_000)),
    );
    const all = claims.flat();
    assert.equal(new Set(all).size, all.length, "no job leased twice");
    for (const claim of claims) assert.ok(claim.length <= 8, "each takes at most its limit");
    // Whatever the first scans skipped (rows locked by a concurrent claim) the next scans take.
    const rest = await claimIds(db, "runner-late", 100, 60_000);
    assert.deepEqual(
      [...all, ...rest].sort(),
      made.map((j) => j.id).sort(),
      "every due job leased exactly once",
    );
    const owners = await db.select({ id: jobs.id, owner: jobs.leaseOwner }).from(jobs);
    for (const { id, owner } of owners) {
      const index = claims.findIndex((c) => c.includes(id));
      assert.equal(owner, index >= 0 ? `runner-${index}` : "runner-late");
    }
  });

  test(`${name}: a leased job waits for its lease to lapse or be released; the soonest due go first`, async () => {
    const db = await open();
    const [a, b, c] = [
      await queuedJob(db, payer()),
      await queuedJob(db, payer()),
      await queuedJob(db, payer()),
    ];
    // Due a minute ago, an hour ago, and not yet.
    await db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, a.id));
    await db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 3_600_000) })
      .where(eq(jobs.id, b.id));
    await db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.id, c.id));
    assert.deepEqual(await claimIds(db, "one", 1, 200), [b.id], "the longest due first");
    assert.deepEqual(await claimIds(db, "two", 5, 60_000), [a.id], "a leased job is skipped");
    assert.deepEqual(await claimIds(db, "three", 5, 60_000), [], "nothing else is due");
    await new Promise((r) => setTimeout(r, 250));
    assert.deepEqual(
      await claimIds(db, "three", 5, 60_000),
      [b.id],
      "a lapsed lease is taken over",
    );
    await releaseLease(db, a.id, "two", new Date(Date.now() - 1));
    assert.deepEqual(await claimIds(db, "four", 5, 60_000), [a.id], "a released job is due again");
    assert.deepEqual(await claimIds(db, "four", 0, 60_000), [], "a limit of 0 claims nothing");
  });

  test(`${name}: a claim returns each job whole, as the claim left it`, async () => {
    const db = await open();
    const job = await queuedJob(db, payer());
    const [claimed] = await claimDueJobs(db, "whole", 5, 60_000);
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    assert.equal(claimed?.leaseOwner, "whole");
    assert.deepEqual(claimed, stored, "the row the step starts from is the stored one");
  });
}
