import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { isMainThread } from "node:worker_threads";
import { eq, sql } from "drizzle-orm";
import { executeRows } from "@/lib/platform/db/execute-rows";
import { postgresErrorCode } from "@/lib/platform/db/postgres-error-code";
import { listenChannel } from "@/lib/platform/db/listen-channel";
import { jobs } from "@/lib/jobs/schema";
import { SPEC } from "../helpers/jobs";

const { openDb } = await import("@/lib/platform/db/client");
const dir = mkdtempSync(path.join(tmpdir(), "reel402-pglite-worker-"));
const opened = await openDb(undefined, dir);
const { db } = opened;
after(() => opened.close());

const job = (payer: string) => ({
  id: crypto.randomUUID(),
  sku: "alpha-fast-custom",
  status: "queued" as const,
  spec: SPEC,
  payer,
  amountAtomic: 1000,
  network: "eip155:31337",
});

test("statements run off the request thread, and rows come back typed as Drizzle maps them", async () => {
  const [where] = await executeRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  assert.ok(where, "a row");
  assert.ok(isMainThread, "the test itself is on the main thread");
  // A statement that keeps the database busy for 300 ms leaves this thread free to tick.
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  await db.execute(sql`select pg_sleep(0.3)`);
  clearInterval(ticker);
  assert.ok(ticks >= 15, `the request thread ticked ${ticks} times during a 300 ms statement`);

  const row = job("0x00000000000000000000000000000000000000a1");
  await db.insert(jobs).values(row);
  const [read] = await db.select().from(jobs).where(eq(jobs.id, row.id));
  assert.ok(read);
  assert.ok(read.createdAt instanceof Date, "timestamps are Dates");
  assert.deepEqual(read.spec, SPEC, "json comes back as objects");
  assert.equal(read.amountAtomic, 1000);
});

test("a transaction commits as a whole, or rolls back as a whole when its work throws", async () => {
  const kept = job("0x00000000000000000000000000000000000000a2");
  const dropped = job("0x00000000000000000000000000000000000000a3");
  await db.transaction(async (tx) => {
    await tx.insert(jobs).values(kept);
  });
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.insert(jobs).values(dropped);
      throw new Error("changed my mind");
    }),
    /changed my mind/,
  );
  const ids = (await db.select({ id: jobs.id }).from(jobs)).map((r) => r.id);
  assert.ok(ids.includes(kept.id));
  assert.ok(!ids.includes(dropped.id));
});

test("the driver's error fields cross the thread: a unique violation is still 23505", async () => {
  const row = job("0x00000000000000000000000000000000000000a4");
  await db.insert(jobs).values(row);
  const error = await db
    .insert(jobs)
    .values(row)
    .then(
      () => null,
      (e: unknown) => e,
    );
  assert.equal(postgresErrorCode(error), "23505");
  // The connection is usable after a failed statement and after a failed transaction.
  await assert.rejects(
    db.transaction(async (tx) => {
      await tx.insert(jobs).values(row);
    }),
  );
  const [count] = await executeRows<{ n: number }>(db, sql`select count(*)::int as n from jobs`);
  assert.ok(Number(count?.n) >= 1);
});

test("transactions from concurrent requests take turns; statements outside wait for them", async () => {
  const payer = "0x00000000000000000000000000000000000000a5";
  const order: string[] = [];
  await Promise.all([
    db.transaction(async (tx) => {
      await tx.insert(jobs).values(job(payer));
      order.push("a wrote");
      await new Promise((r) => setTimeout(r, 100));
      order.push("a ends");
    }),
    // Its body starts at once (its BEGIN is not waited for), but its statement runs only once
    // the first transaction has ended.
    db.transaction(async (tx) => {
      await tx.insert(jobs).values(job(payer));
      order.push("b wrote");
    }),
    db
      .select()
      .from(jobs)
      .where(eq(jobs.payer, payer))
      .then(() => order.push("outside read")),
  ]);
  assert.deepEqual(order, ["a wrote", "a ends", "b wrote", "outside read"]);
  const [count] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from jobs where payer = ${payer}`,
  );
  assert.equal(count?.n, 2);
});

test("LISTEN hears a NOTIFY once its transaction commits, and stops when told", async () => {
  const heard: string[] = [];
  const stop = await listenChannel(db, undefined, "worker_test", {
    onMessage: (payload) => heard.push(payload),
    onReconnect: () => {},
  });
  assert.ok(stop);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_notify('worker_test', 'first')`);
  });
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(heard, ["first"]);
  await stop();
  await db.execute(sql`select pg_notify('worker_test', 'second')`);
  await new Promise((r) => setTimeout(r, 50));
  assert.deepEqual(heard, ["first"]);
});

const keptCount = async (text: string) =>
  (
    await executeRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
    )
  )[0]?.n;

test("a data statement is parsed once and kept: the same text runs again on its plan, each time with its own parameters", async () => {
  const text = "select $1::int + 1 as next, $2::jsonb as doc, $3::text as tag";
  const run = (i: number) =>
    executeRows<{ next: number; doc: unknown; tag: string }>(
      db,
      sql`select ${i}::int + 1 as next, ${JSON.stringify({ i })}::jsonb as doc, ${null}::text as tag`,
    );
  assert.equal(await keptCount(text), 0, "nothing kept before the first run");
  for (let i = 0; i < 8; i++) {
    const [row] = await run(i);
    assert.equal(row?.next, i + 1, "this run's parameter, not the first run's");
    assert.deepEqual(row?.doc, { i });
    assert.equal(row?.tag, null);
  }
  assert.equal(await keptCount(text), 1, "one statement kept for the eight runs");

  // A kept statement outlives a failed transaction that used it, and runs on afterwards.
  await assert.rejects(
    db.transaction(async (tx) => {
      await executeRows(
        tx as unknown as typeof db,
        sql`select ${1}::int + 1 as next, ${"{}"}::jsonb as doc, ${null}::text as tag`,
      );
      await executeRows(tx as unknown as typeof db, sql`select 1 / ${0}::int`);
    }),
    (error) => postgresErrorCode(error) === "22012",
    "division by zero",
  );
  const [after] = await run(41);
  assert.equal(after?.next, 42);
  // DDL and the like take PGlite's own path: nothing of theirs is kept.
  await db.execute(sql`set local statement_timeout = 0`);
  assert.equal(await keptCount("set local statement_timeout = 0"), 0);
});

test("the kept statements are bounded: the least recently used are dropped, and a dropped text runs again", async () => {
  const first = sql`select ${0}::int as n, 'first' as which`;
  const [one] = await executeRows<{ n: number }>(db, first);
  assert.equal(one?.n, 0);
  for (let i = 0; i < 520; i++) {
    const [row] = await executeRows<{ n: number }>(
      db,
      sql.raw(`select ${i}::int as n, 'bulk' as which`),
    );
    assert.equal(row?.n, i);
  }
  // One more statement, so the closes queued by the last evictions are sent.
  await executeRows(db, sql`select ${1}::int as n`);
  const [count] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_prepared_statements`,
  );
  assert.ok(
    (count?.n ?? 0) <= 501,
    `${count?.n} statements kept, at most 500 (and the count's own)`,
  );
  const [again] = await executeRows<{ n: number }>(
    db,
    sql`select ${7}::int as n, 'first' as which`,
  );
  assert.equal(again?.n, 7, "a dropped text is parsed again");
});

test("a schema change lets no kept statement answer in its old shape", async () => {
  await db.execute(sql`create table kept_shape (id int primary key)`);
  await db.execute(sql`insert into kept_shape values (${1})`);
  const read = () =>
    executeRows<Record<string, unknown>>(db, sql`select * from kept_shape where id = ${1}`);
  assert.deepEqual(await read(), [{ id: 1 }]);
  await db.execute(sql`alter table kept_shape add column note text default 'added'`);
  assert.deepEqual(await read(), [{ id: 1, note: "added" }], "the new column shows");
  await db.execute(sql`drop table kept_shape`);
});
