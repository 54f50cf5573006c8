import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { eq } from "drizzle-orm";
import postgres from "postgres";

const SECRET = `notify-at-commit-${randomBytes(24).toString("hex")}`;
process.env.AUDIT_CHAIN_SECRET = SECRET;

const { appendAudit, auditedTransaction, notifyAtCommit } = await import(
  "@/lib/platform/audit/append"
);
const { verifyAuditLog } = await import("@/lib/platform/audit/verify-log");
const { createLocalStore } = await import("@/lib/media/storage/local-store");
const { openDb } = await import("@/lib/platform/db/client");
const { auditEvents } = await import("@/lib/platform/db/schema");
const { createTestDatabase } = await import("../helpers/database");
const { JOB_EVENTS_CHANNEL } = await import("@/lib/jobs/job-announcement");
const { markAttemptRunning, startAttempt } = await import("@/lib/jobs/attempt-repository");
const { changeStatus } = await import("@/lib/jobs/repository");
const { payerSequence, queuedJob } = await import("../helpers/jobs");
const { waitFor } = await import("../helpers/poll");

const CHANNEL = "reel402_notify_at_commit_test";
const database = await createTestDatabase();
const opened = await openDb(database.url, "");
const db = opened.db;
const listener = postgres(database.url, { max: 1, onnotice: () => {} });
const heard: string[] = [];
await listener.listen(CHANNEL, (payload) => heard.push(payload));
await listener.listen(JOB_EVENTS_CHANNEL, (payload) => heard.push(payload));
after(async () => {
  await listener.end();
  await opened.close();
  await database.drop();
});

/** What the listener hears once a marker sent after `work` has arrived: everything before it too. */
async function heardAround(work: () => Promise<unknown>, fails = false): Promise<string[]> {
  heard.length = 0;
  if (fails) await assert.rejects(work(), /the work failed/);
  else await work();
  const marker = `marker-${randomBytes(4).toString("hex")}`;
  await listener.notify(CHANNEL, marker);
  await waitFor("the marker", async () => heard.includes(marker), 5_000);
  return heard.filter((p) => !p.startsWith("marker-"));
}

test("outside an audited transaction the notice is sent at once", async () => {
  assert.deepEqual(await heardAround(() => notifyAtCommit(db, CHANNEL, "x")), ["x"]);
});

test("an audited transaction's notices go with its audit write, once each, at commit", async () => {
  const jobId = crypto.randomUUID();
  let beforeCommit: string[] = [];
  let sentAlone = 0;
  const got = await heardAround(() =>
    auditedTransaction(db, jobId, async (tx) => {
      // Queued, not sent: none of the three is a statement of its own.
      const execute = tx.execute.bind(tx);
      tx.execute = ((query: Parameters<typeof execute>[0]) => {
        sentAlone++;
        return execute(query);
      }) as typeof tx.execute;
      await notifyAtCommit(tx, CHANNEL, jobId);
      await notifyAtCommit(tx, CHANNEL, jobId);
      await notifyAtCommit(tx, CHANNEL, "other");
      tx.execute = execute;
      await appendAudit(tx, "job.transition", jobId, { from: "a", to: "b" });
      beforeCommit = await heardAround(async () => undefined);
    }),
  );
  assert.equal(sentAlone, 0, "the notices wait for the audit write");
  assert.deepEqual(beforeCommit, [], "nothing is heard before the commit");
  assert.deepEqual(got.sort(), [jobId, "other"].sort());
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.jobId, jobId));
  assert.equal(rows.length, 1, "the event is written with the notices");
  const store = createLocalStore({
    dir: mkdtempSync(path.join(tmpdir(), "reel402-notify-at-commit-")),
    secret: "unused-link-secret-0123456789abcdef",
  });
  const verdict = await verifyAuditLog(db, store, SECRET);
  // No checkpoint was written here: the chain itself is what this test checks.
  assert.match(verdict.message, /audit chain links and keys hold over 1 events/);
});

test("a rolled-back audited transaction sends none of its notices and writes no event", async () => {
  const jobId = crypto.randomUUID();
  const got = await heardAround(
    () =>
      auditedTransaction(db, jobId, async (tx) => {
        await notifyAtCommit(tx, CHANNEL, jobId);
        await appendAudit(tx, "job.transition", jobId, { from: "a", to: "b" });
        throw new Error("the work failed");
      }),
    true,
  );
  assert.deepEqual(got, []);
  const rows = await db.select().from(auditEvents).where(eq(auditEvents.jobId, jobId));
  assert.equal(rows.length, 0);
});

test("an audited transaction that appends no event still sends its notices", async () => {
  const jobId = crypto.randomUUID();
  const got = await heardAround(() =>
    auditedTransaction(db, jobId, async (tx) => {
      await notifyAtCommit(tx, CHANNEL, jobId);
    }),
  );
  assert.deepEqual(got, [jobId]);
});

test("a job's changes are announced, in an audited transaction and in the one-statement attempt move", async () => {
  const job = await queuedJob(db, payerSequence(0x7a0)());
  assert.deepEqual(await heardAround(() => changeStatus(db, job.id, "queued", "generating")), [
    job.id,
  ]);
  let attempt = undefined as unknown as Awaited<ReturnType<typeof startAttempt>>;
  assert.deepEqual(
    await heardAround(async () => {
      attempt = await startAttempt(db, job.id, 1, "local");
    }),
    [job.id],
  );
  assert.deepEqual(
    await heardAround(async () =>
      assert.equal(await markAttemptRunning(db, attempt.id, "t-1"), true),
    ),
    [job.id],
  );
  // A move that does not happen announces nothing.
  assert.deepEqual(
    await heardAround(async () =>
      assert.equal(await markAttemptRunning(db, attempt.id, "t-2"), false),
    ),
    [],
  );
});
