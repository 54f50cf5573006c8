import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type Db, openDb } from "@/lib/platform/db/client";
import { MIGRATIONS } from "@/lib/platform/db/migrations";
import { attempts, jobStatusCounts, jobs } from "@/lib/jobs/schema";
import { idempotencyKeys } from "@/lib/checkout/schema";
import { payments, refunds } from "@/lib/money/schema";
import { getJob, insertJob } from "@/lib/jobs/repository";
import { JOB_STATUSES } from "@/lib/jobs/state-machine";
import { createTestDatabase } from "../helpers/database";
import { queuedJob, SPEC } from "../helpers/jobs";

const cleanup: (() => Promise<void>)[] = [];
after(async () => {
  for (const c of cleanup.reverse()) await c();
});

const PAYER = "0x00000000000000000000000000000000000000cc";

/** Postgres' check_violation, wherever the driver and drizzle put it. */
async function refusedByCheck(work: Promise<unknown>, constraint: string): Promise<void> {
  await assert.rejects(work, (error: unknown) => {
    for (let e = error as { code?: string; cause?: unknown; message?: string } | undefined; e; ) {
      if (e.code === "23514") {
        assert.match(String(e.message), new RegExp(constraint));
        return true;
      }
      e = e.cause as typeof e;
    }
    return false;
  });
}

/** Every status column refuses a value outside the code's list, with its own constraint. */
async function assertUnknownStatesRefused(db: Db): Promise<void> {
  const job = await queuedJob(db, PAYER);
  const bogus = "bogus" as never;
  // What a payment and a refund row both need besides their own columns.
  const owed = {
    id: crypto.randomUUID(),
    jobId: job.id,
    payer: PAYER,
    amountAtomic: 1,
    status: bogus,
  };
  await refusedByCheck(
    insertJob(db, { ...job, id: crypto.randomUUID(), status: bogus }),
    "jobs_status_check",
  );
  await refusedByCheck(
    db.insert(attempts).values({
      id: crypto.randomUUID(),
      jobId: job.id,
      number: 1,
      provider: "local",
      status: bogus,
    }),
    "attempts_status_check",
  );
  await refusedByCheck(
    db.insert(payments).values({
      ...owed,
      network: "eip155:31337",
      asset: "0x0",
      payTo: "0x0",
      nonce: "0x1",
      validBefore: 1,
      payload: {},
      requirements: {},
    }),
    "payments_status_check",
  );
  await refusedByCheck(
    db.insert(refunds).values({ ...owed, reason: "test" }),
    "refunds_status_check",
  );
  await refusedByCheck(
    db.insert(idempotencyKeys).values({
      key: "k-1",
      requestHash: "h",
      jobId: job.id,
      state: bogus,
      expiresAt: new Date(),
    }),
    "idempotency_keys_state_check",
  );
  await refusedByCheck(
    db.insert(jobStatusCounts).values({ status: bogus, count: 1 }),
    "job_status_counts_status_check",
  );
}

/** The committed migrations as they were before the status checks (0009) came. */
function migrationsBeforeChecks(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-migrations-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag.startsWith("0009_"));
  assert.ok(at > 0, "the status-check migration is committed");
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * A job in every status, written before the checks existed: the row alone, as the service's own
 * insert would also append an audit event in today's shape of the log (its lanes came later).
 */
async function jobsInEveryStatus(db: Db): Promise<string[]> {
  const ids: string[] = [];
  for (const status of JOB_STATUSES) {
    const id = crypto.randomUUID();
    ids.push(id);
    await db.insert(jobs).values({
      id,
      sku: "alpha-fast-custom",
      status,
      spec: SPEC,
      payer: PAYER,
      amountAtomic: 260_000,
      network: "eip155:31337",
    });
  }
  return ids;
}

/** The database as the service opens it (migrating it), closed after this file's tests. */
async function openAsService(url: string | undefined, dir: string): Promise<Db> {
  const { db, close } = await openDb(url, dir);
  cleanup.push(close);
  return db;
}

/** A throw-away Postgres database, dropped after this file's tests. */
async function postgresDatabase(): Promise<string> {
  const database = await createTestDatabase();
  cleanup.push(database.drop);
  return database.url;
}

async function assertKept(db: Db, ids: string[]): Promise<void> {
  const statuses = await Promise.all(ids.map(async (id) => (await getJob(db, id))?.status));
  assert.deepEqual(statuses, [...JOB_STATUSES], "every job kept its status through the migration");
}

test("PGlite refuses an unknown state in every status column", async () => {
  const db = await openAsService(undefined, mkdtempSync(path.join(tmpdir(), "reel402-db-")));
  await assertUnknownStatesRefused(db);
});

test("Postgres refuses an unknown state in every status column", async () => {
  const url = await postgresDatabase();
  const db = await openAsService(url, mkdtempSync(path.join(tmpdir(), "reel402-")));
  await assertUnknownStatesRefused(db);
});

test("an existing PGlite database with jobs in every status migrates to the checks", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-db-"));
  const client = await PGlite.create(path.join(dir, "pglite"));
  const old = drizzlePglite(client) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsBeforeChecks() });
  const ids = await jobsInEveryStatus(old);
  await client.close();

  const db = await openAsService(undefined, dir);
  await assertKept(db, ids);
  await assertUnknownStatesRefused(db);
});

test("an existing Postgres database with jobs in every status migrates to the checks", async () => {
  const url = await postgresDatabase();
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const old = drizzlePostgres(client);
  await migratePostgres(old, { migrationsFolder: migrationsBeforeChecks() });
  const ids = await jobsInEveryStatus(old as unknown as Db);
  await client.end();

  const db = await openAsService(url, mkdtempSync(path.join(tmpdir(), "reel402-")));
  await assertKept(db, ids);
  await assertUnknownStatesRefused(db);
});
