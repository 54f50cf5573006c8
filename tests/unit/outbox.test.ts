import assert from "node:assert/strict";
import { test } from "node:test";
import { eq } from "drizzle-orm";
import { outbox } from "@/lib/platform/db/schema";
import { changeStatus } from "@/lib/jobs/repository";
import { dispatchOutbox, type OutboxHandlers } from "@/lib/platform/outbox/dispatch-outbox";
import { startOutboxDispatcher } from "@/lib/platform/outbox/outbox-dispatcher";
import { writeOutbox } from "@/lib/platform/outbox/write-outbox";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after } from "node:test";
import { openDb } from "@/lib/platform/db/client";
import { listenChannel } from "@/lib/platform/db/listen-channel";
import { JOB_EVENTS_CHANNEL } from "@/lib/jobs/job-announcement";
import { queuedJob } from "../helpers/jobs";
import { waitFor } from "../helpers/poll";

/** The outbox on a real (PGlite) database: effects follow commits, once, and survive failures. */

// Without the service's dispatcher (the test databases of helpers/jobs run one): these tests
// dispatch by themselves, with topics of their own.
const opened: Awaited<ReturnType<typeof openDb>>[] = [];
after(async () => {
  for (const o of opened) await o.close();
});
async function freshDb() {
  const db = await openDb(undefined, mkdtempSync(path.join(tmpdir(), "reel402-outbox-")));
  opened.push(db);
  return db;
}

class ReceiverDown extends Error {
  override name = "ReceiverDown";
}

test("a row written in a transaction that rolls back never exists; a committed one is dispatched once", async () => {
  const { db } = await freshDb();
  const seen: unknown[] = [];
  const handlers: OutboxHandlers = { "test.topic": async (_tx, p) => void seen.push(p) };
  await assert.rejects(
    db.transaction(async (tx) => {
      await writeOutbox(tx, "test.topic", { n: 1 });
      throw new Error("the change failed");
    }),
  );
  await db.transaction((tx) => writeOutbox(tx, "test.topic", { n: 2 }));
  assert.equal((await dispatchOutbox(db, handlers)).dispatched, 1);
  assert.deepEqual(seen, [{ n: 2 }]);
  const rows = await db.select().from(outbox).where(eq(outbox.topic, "test.topic"));
  assert.equal(rows.length, 1, "the rolled-back row is not there");
  assert.ok(rows[0]?.dispatchedAt, "the committed row is dispatched");
  assert.equal((await dispatchOutbox(db, handlers)).claimed, 0, "nothing is dispatched twice");
});

test("a failing handler leaves its row for a later try, with backoff, and other rows go on", async () => {
  const { db } = await freshDb();
  let failures = 1;
  const done: number[] = [];
  const handlers: OutboxHandlers = {
    "flaky.topic": async (tx, p) => {
      await writeOutbox(tx, "effect.of.flaky", {}); // undone with its savepoint when the handler fails
      if (failures-- > 0) throw new ReceiverDown();
      done.push(p.n as number);
    },
    "fine.topic": async (_tx, p) => void done.push(p.n as number),
    "effect.of.flaky": async () => {},
  };
  const at = new Date(Date.now() + 60_000);
  await db.transaction(async (tx) => {
    await writeOutbox(tx, "flaky.topic", { n: 1 });
    await writeOutbox(tx, "fine.topic", { n: 2 });
  });
  await db.update(outbox).set({ nextAttemptAt: at });
  const first = await dispatchOutbox(db, handlers, 100, at);
  assert.deepEqual([first.dispatched, first.failed], [1, 1]);
  assert.deepEqual(done, [2]);
  const [flaky] = await db.select().from(outbox).where(eq(outbox.topic, "flaky.topic"));
  assert.equal(flaky?.dispatchedAt, null, "the failed row stays undispatched");
  assert.equal(flaky?.attempts, 1);
  assert.match(flaky?.lastError ?? "", /ReceiverDown/);
  assert.ok((flaky?.nextAttemptAt.getTime() ?? 0) > at.getTime(), "retried only after a backoff");
  assert.equal(
    (await db.select().from(outbox).where(eq(outbox.topic, "effect.of.flaky"))).length,
    0,
    "the failed handler's writes were rolled back",
  );
  assert.equal((await dispatchOutbox(db, handlers, 100, at)).claimed, 0, "not before its time");
  const later = new Date(at.getTime() + 120_000);
  const second = await dispatchOutbox(db, handlers, 100, later);
  assert.equal(second.dispatched, 1, "the retried row");
  assert.deepEqual(done, [2, 1]);
  const third = await dispatchOutbox(db, handlers, 100, later);
  assert.equal(third.dispatched, 1, "the row its successful try wrote, once committed");
});

test("the dispatcher is woken by the commit, not by its sweep", async () => {
  const { db } = await freshDb();
  const seen: string[] = [];
  const dispatcher = await startOutboxDispatcher(
    db,
    undefined,
    { "wake.topic": async (_tx, p) => void seen.push(p.id as string) },
    { batch: 10, sweepMs: 600_000, keepMs: 60_000 },
  );
  try {
    const started = Date.now();
    await db.transaction((tx) => writeOutbox(tx, "wake.topic", { id: "a" }));
    await waitFor("the handler", async () => seen.length === 1, 5_000);
    assert.ok(Date.now() - started < 5_000);
  } finally {
    await dispatcher.stop();
  }
});

test("a job's transition writes its webhook as an outbox row in the same transaction, and announces itself without one", async () => {
  const { db } = await freshDb();
  const job = await queuedJob(db, "0x00000000000000000000000000000000000000aa");
  const before = (await db.select().from(outbox)).length;
  await assert.rejects(
    db.transaction(async (tx) => {
      await changeStatus(tx, job.id, "queued", "cancelled");
      throw new Error("the caller's transaction fails after the move");
    }),
  );
  assert.equal((await db.select().from(outbox)).length, before, "no effect of an undone move");
  await changeStatus(db, job.id, "queued", "cancelled");
  const topics = (await db.select().from(outbox))
    .slice(before)
    .map((r) => r.topic)
    .sort();
  assert.deepEqual(topics, ["job.finished"]);
});

test("a job's transition is announced on its channel when it commits, and never when it rolls back", async () => {
  const { db } = await freshDb();
  const job = await queuedJob(db, "0x00000000000000000000000000000000000000ab");
  const heard: string[] = [];
  const stop = await listenChannel(db, undefined, JOB_EVENTS_CHANNEL, {
    onMessage: (id) => heard.push(id),
    onReconnect: () => undefined,
  });
  try {
    let inside = -1;
    await assert.rejects(
      db.transaction(async (tx) => {
        await changeStatus(tx, job.id, "queued", "generating", { startedAt: new Date() });
        await new Promise((r) => setTimeout(r, 50));
        inside = heard.length;
        throw new Error("the caller's transaction fails after the move");
      }),
    );
    assert.equal(inside, 0, "nothing is heard before the commit");
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(heard, [], "an undone move is never announced");
    await changeStatus(db, job.id, "queued", "generating", { startedAt: new Date() });
    await waitFor("the announcement", async () => heard.length > 0, 5_000);
    assert.deepEqual(heard, [job.id]);
  } finally {
    await stop?.();
  }
});
