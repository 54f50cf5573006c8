import assert from "node:assert/strict";
import { after, test } from "node:test";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";

const { transactionRetryingConflicts } = await import("@/lib/platform/db/retry-conflicts");
const { postgresErrorCode } = await import("@/lib/platform/db/postgres-error-code");
const { executeRows } = await import("@/lib/platform/db/execute-rows");
const { openTestDatabase } = await import("../helpers/database");

const opened = await openTestDatabase();
after(() => opened.close());
const { db } = opened;

/** Two rows, and two writers that lock them in opposite orders: Postgres must end one of them. */
async function crossedWriters(run: (work: (tx: Db) => Promise<void>) => Promise<void>) {
  const table = `crossed_${Math.random().toString(36).slice(2, 8)}`;
  await db.execute(sql.raw(`create table ${table} (id int primary key, v int not null)`));
  await db.execute(sql.raw(`insert into ${table} values (1, 0), (2, 0)`));
  let firstLocks = 0;
  let bothLocked: () => void = () => undefined;
  const bothHold = new Promise<void>((resolve) => {
    bothLocked = resolve;
  });
  let runs = 0;
  const writer = (first: number, second: number) => async (tx: Db) => {
    runs += 1;
    await tx.execute(sql.raw(`update ${table} set v = v + 1 where id = ${first}`));
    firstLocks += 1;
    if (firstLocks === 2) bothLocked();
    await bothHold;
    await tx.execute(sql.raw(`update ${table} set v = v + 1 where id = ${second}`));
  };
  const results = await Promise.allSettled([run(writer(1, 2)), run(writer(2, 1))]);
  const rows = await executeRows<{ id: number; v: number }>(
    db,
    sql.raw(`select id, v from ${table} order by id`),
  );
  return { results, runs, values: rows.map((r) => Number(r.v)) };
}

test("a deadlock between two transactions ends in both done, the one Postgres chose run again", async () => {
  const { results, runs, values } = await crossedWriters((work) =>
    transactionRetryingConflicts(db, work),
  );
  assert.deepEqual(
    results.map((r) => r.status),
    ["fulfilled", "fulfilled"],
  );
  assert.equal(runs, 3, "one of the two ran twice");
  // Each writer added one to each row exactly once: the rolled-back run left nothing.
  assert.deepEqual(values, [2, 2]);
});

test("a plain transaction meets the same deadlock as a 40P01 error: what the retry is for", async () => {
  const { results, values } = await crossedWriters((work) => db.transaction(work));
  const rejected = results.filter((r) => r.status === "rejected");
  assert.equal(rejected.length, 1);
  assert.equal(postgresErrorCode((rejected[0] as PromiseRejectedResult).reason), "40P01");
  assert.deepEqual(values, [1, 1]);
});

test("inside an open transaction the conflict is not retried: only the outer owner may start over", async () => {
  const { results } = await crossedWriters((work) =>
    db.transaction((outer) => transactionRetryingConflicts(outer, work)),
  );
  const rejected = results.filter((r) => r.status === "rejected");
  assert.equal(rejected.length, 1);
  assert.equal(postgresErrorCode((rejected[0] as PromiseRejectedResult).reason), "40P01");
});

test("other errors are not retried", async () => {
  let runs = 0;
  await assert.rejects(
    transactionRetryingConflicts(db, async (tx) => {
      runs += 1;
      await tx.execute(sql`select 1 / 0`);
    }),
    (error) => postgresErrorCode(error) === "22012",
  );
  assert.equal(runs, 1);
});
