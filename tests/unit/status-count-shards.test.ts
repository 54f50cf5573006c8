import assert from "node:assert/strict";
import { after, test } from "node:test";
import { inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Db } from "@/lib/platform/db/client";
import { executeRows } from "@/lib/platform/db/execute-rows";
import { jobs, STATUS_COUNT_SHARDS } from "@/lib/jobs/schema";
import { jobCountsByStatus } from "@/lib/jobs/stats-repository";
import { createTestDatabase } from "../helpers/database";
import { SPEC, tempDb } from "../helpers/jobs";

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanups.reverse()) await c();
});

const { openDb } = await import("@/lib/platform/db/client");
const database = await createTestDatabase();
const opened = await openDb(database.url, "");
cleanups.push(async () => {
  await opened.close();
  await database.drop();
});

/** A job row as a paid request writes it first, without the rest of that transaction. */
function pendingJob(payer: string) {
  return {
    id: crypto.randomUUID(),
    sku: "alpha-fast-custom",
    status: "pending_settlement" as const,
    spec: SPEC,
    payer,
    amountAtomic: 260_000,
    network: "eip155:31337",
  };
}

/** A connection of its own, with the counter shard its backend writes to. */
async function connection(): Promise<{ db: Db; shard: number; end: () => Promise<void> }> {
  const client = postgres(database.url, { max: 1, onnotice: () => {} });
  const db = drizzle(client) as unknown as Db;
  const [row] = await executeRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`);
  return { db, shard: Number(row?.pid) % STATUS_COUNT_SHARDS, end: () => client.end() };
}

/** The counts as the jobs table has them, for comparison with the kept ones. */
async function countedFromJobs(db: Db): Promise<Map<string, number>> {
  const rows = await executeRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from ${jobs} group by status`,
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

test("two payers' job inserts on different connections do not wait on one counter row", async () => {
  const first = await connection();
  cleanups.push(first.end);
  // Another connection whose backend writes to another shard (pids are not ours to choose).
  let second = await connection();
  while (second.shard === first.shard) {
    await second.end();
    second = await connection();
  }
  cleanups.push(second.end);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let inserted: () => void = () => undefined;
  const firstInserted = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const firstTx = first.db.transaction(async (tx) => {
    await tx.insert(jobs).values(pendingJob("0x00000000000000000000000000000000000000a1"));
    inserted();
    await held;
  });
  await firstInserted;
  // With one counter row per status this insert would wait for the first transaction's commit.
  await second.db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '3s'`);
    await tx.insert(jobs).values(pendingJob("0x00000000000000000000000000000000000000a2"));
  });
  release();
  await firstTx;
  assert.equal((await jobCountsByStatus(opened.db)).get("pending_settlement"), 2);
});

test("jobs created and moved at once on many connections are counted exactly", async () => {
  const { db } = opened;
  const payer = "0x00000000000000000000000000000000000000b1";
  const ids = await Promise.all(
    Array.from({ length: 40 }, async () => {
      const job = pendingJob(payer);
      await db.insert(jobs).values(job);
      return job.id;
    }),
  );
  await Promise.all(
    ids
      .slice(0, 25)
      .map((id) => db.execute(sql`update ${jobs} set status = 'queued' where id = ${id}`)),
  );
  await Promise.all(
    ids
      .slice(0, 10)
      .map((id) => db.execute(sql`update ${jobs} set status = 'cancelled' where id = ${id}`)),
  );
  const kept = await jobCountsByStatus(db);
  const counted = await countedFromJobs(db);
  for (const [status, n] of counted) assert.equal(kept.get(status), n, status);
  const shards = await executeRows<{ n: number }>(
    db,
    sql`select count(distinct shard)::int as n from job_status_counts`,
  );
  assert.ok(Number(shards[0]?.n) > 1, "the writes spread over more than one shard");
});

test("one statement moving several jobs, some to the status they had, counts each real move", async () => {
  const { db } = opened;
  const payer = "0x00000000000000000000000000000000000000b2";
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) {
    const job = pendingJob(payer);
    await db.insert(jobs).values(job);
    ids.push(job.id);
  }
  // Two stay where they are, two go to queued, two to cancelled: in one statement.
  await db.execute(
    sql`update ${jobs} set status = case
          when id in (${ids[0]}::uuid, ${ids[1]}::uuid) then status
          when id in (${ids[2]}::uuid, ${ids[3]}::uuid) then 'queued'
          else 'cancelled' end
        where ${inArray(jobs.id, ids)}`,
  );
  const kept = await jobCountsByStatus(db);
  const counted = await countedFromJobs(db);
  for (const status of new Set([...kept.keys(), ...counted.keys()]))
    assert.equal(kept.get(status) ?? 0, counted.get(status) ?? 0, status);
});

test("an update that leaves the status alone does not run the counter at all", async () => {
  const { db } = opened;
  const job = pendingJob("0x00000000000000000000000000000000000000b3");
  await db.insert(jobs).values(job);
  const calls = async (tx: Db) =>
    Number(
      (
        await executeRows<{ n: number }>(
          tx,
          sql`select pg_stat_get_xact_function_calls('jobs_count_moved'::regproc)::int as n`,
        )
      )[0]?.n ?? 0,
    );
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local track_functions = 'pl'`);
    // The engine's lease, its next look, the attempts count: the jobs updated most often.
    await tx.execute(
      sql`update ${jobs} set lease_owner = 'engine-a', lease_until = now(), run_after = now() where id = ${job.id}`,
    );
    assert.equal(await calls(tx), 0, "a lease update ran the counter");
    await tx.execute(sql`update ${jobs} set status = status where id = ${job.id}`);
    assert.equal(await calls(tx), 0, "an update to the same status ran the counter");
    await tx.execute(sql`update ${jobs} set status = 'queued' where id = ${job.id}`);
    assert.equal(await calls(tx), 1, "a real move is counted once");
  });
});

test("on PGlite, one connection, the counts are kept the same way", async () => {
  const pglite = await tempDb();
  cleanups.push(pglite.close);
  const job = pendingJob("0x00000000000000000000000000000000000000c1");
  await pglite.db.insert(jobs).values(job);
  await pglite.db.execute(sql`update ${jobs} set status = 'queued' where id = ${job.id}`);
  const kept = await jobCountsByStatus(pglite.db);
  assert.equal(kept.get("queued"), 1);
  assert.equal(kept.get("pending_settlement"), 0);
});
