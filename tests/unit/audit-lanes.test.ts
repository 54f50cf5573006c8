import assert from "node:assert/strict";
import { createHmac, randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Db } from "@/lib/platform/db/client";

// The key the service writes with; set before anything reads the configuration.
const SECRET = `audit-lanes-${randomBytes(24).toString("hex")}`;
process.env.AUDIT_CHAIN_SECRET = SECRET;

const { AUDIT_LOCK, appendAudit, auditedTransaction } = await import("@/lib/platform/audit/append");
const { GENESIS_HASH, legacyAuditHash, unlanedAuditHash } = await import(
  "@/lib/platform/audit/chain"
);
const { AuditBreakError, checkpointAuditLog, readCheckpoint, verifyStoredChain } = await import(
  "@/lib/platform/audit/checkpoint"
);
const { verifyAuditLog } = await import("@/lib/platform/audit/verify-log");
const { openDb } = await import("@/lib/platform/db/client");
const { executeRows } = await import("@/lib/platform/db/execute-rows");
const { postgresErrorCode } = await import("@/lib/platform/db/postgres-error-code");
const { auditEvents } = await import("@/lib/platform/db/schema");
const { createLocalStore } = await import("@/lib/media/storage/local-store");
const { createTestDatabase } = await import("../helpers/database");
const { jobInLane } = await import("../helpers/audit-lanes");
const { waitFor } = await import("../helpers/poll");

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh, migrated database on the real Postgres (the superuser: it may tamper) and a store for checkpoints. */
async function freshLog() {
  const database = await createTestDatabase();
  const opened = await openDb(database.url, "");
  cleanups.push(async () => {
    await opened.close();
    await database.drop();
  });
  const store = createLocalStore({
    dir: mkdtempSync(path.join(tmpdir(), "reel402-audit-lanes-")),
    secret: "unused-link-secret-0123456789abcdef",
  });
  return { db: opened.db, store, url: database.url };
}

/** Advisory locks on audit lanes, as pg_locks shows them across every connection. */
function laneLocks(db: Db) {
  return executeRows<{ lane: number; pid: number; granted: boolean }>(
    db,
    sql`select objid::int as lane, pid, granted from pg_locks
        where locktype = 'advisory' and classid = ${AUDIT_LOCK} and objsubid = 2`,
  );
}

/** A statement the append-only triggers would refuse, run as the owner with them off. */
async function tamper(db: Db, statement: ReturnType<typeof sql>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

async function rowsOfLane(db: Db, lane: number) {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.lane, lane))
    .orderBy(asc(auditEvents.id));
}

/** A transaction's work that says when it has begun, then keeps its transaction open until released. */
function heldOpen() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const hold = async () => {
    entered();
    await gate;
  };
  return { release, inside, hold };
}

const A = jobInLane(3);
const B = jobInLane(40);

test("two jobs in different lanes hold their lane locks at once: the second commits while the first is open", {
  timeout: 60_000,
}, async () => {
  const { db } = await freshLog();
  await auditedTransaction(db, A, async (tx) => {
    await appendAudit(tx, "payment.verified", A, { n: 1 });
    // On another connection, with A's transaction (and its lock) still open: were B to wait on
    // A's lock, this would never return.
    await auditedTransaction(db, B, async (other) => {
      const held = (await laneLocks(other)).filter((l) => l.granted);
      const a = held.find((l) => l.lane === 3);
      const b = held.find((l) => l.lane === 40);
      assert.ok(a && b, `both lanes held at once: ${JSON.stringify(held)}`);
      assert.notEqual(a.pid, b.pid, "by two connections");
      await appendAudit(other, "payment.verified", B, { n: 2 });
    });
    assert.equal((await rowsOfLane(db, 40)).length, 1, "B committed while A is open");
  });
  const [a] = await rowsOfLane(db, 3);
  const [b] = await rowsOfLane(db, 40);
  assert.equal(a?.prevHash, GENESIS_HASH);
  assert.equal(b?.prevHash, GENESIS_HASH);
  // A transaction's events are written as its work ends: B's, done while A was still open, first.
  assert.ok(a && b && b.id < a.id, "ids drawn as each transaction's work ends");
});

test("an audited transaction writes its events together as its work ends, and a rollback drops them", {
  timeout: 60_000,
}, async () => {
  const { db } = await freshLog();
  await auditedTransaction(db, A, async (tx) => {
    await appendAudit(tx, "payment.verified", A, { n: 1 });
    await appendAudit(tx, "payment.settled", A, { n: 2 });
    // Nothing is written before the work is done...
    assert.equal((await rowsOfLane(tx, 3)).length, 0, "not yet written mid-transaction");
  });
  // ...then both, chained in the order appended, with one timestamp (one insert).
  const rows = await rowsOfLane(db, 3);
  assert.deepEqual(
    rows.map((r) => (r.data as { n: number }).n),
    [1, 2],
  );
  assert.equal(rows[0]?.prevHash, GENESIS_HASH);
  assert.equal(rows[1]?.prevHash, rows[0]?.hash);
  assert.equal(rows[0]?.at.getTime(), rows[1]?.at.getTime());
  await assert.rejects(
    auditedTransaction(db, A, async (tx) => {
      await appendAudit(tx, "payment.failed", A, { n: 3 });
      throw new Error("the work failed");
    }),
    /the work failed/,
  );
  assert.equal((await rowsOfLane(db, 3)).length, 2, "a rolled-back transaction leaves no event");
  // An append that outlives its transaction's work is refused, not lost silently.
  let late: Promise<void> | undefined;
  await auditedTransaction(db, A, async (tx) => {
    late = new Promise((r) => setTimeout(r, 50)).then(() =>
      appendAudit(tx, "payment.failed", A, { n: 4 }),
    );
  });
  await assert.rejects(late as Promise<void>);
});

test("two jobs in the same lane queue on its lock, and chain one after the other", {
  timeout: 60_000,
}, async () => {
  const { db } = await freshLog();
  const C = jobInLane(3, 1);
  const open = heldOpen();
  const first = auditedTransaction(db, A, async (tx) => {
    await appendAudit(tx, "payment.verified", A, { n: 1 });
    await open.hold();
  });
  await open.inside;
  const [busy] = await executeRows<{ ok: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${AUDIT_LOCK}, 3) as ok`,
  );
  const [free] = await executeRows<{ ok: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(${AUDIT_LOCK}, 4) as ok`,
  );
  assert.equal(busy?.ok, false, "lane 3 is held");
  assert.equal(free?.ok, true, "lane 4 is not");
  const second = auditedTransaction(db, C, (tx) => appendAudit(tx, "payment.verified", C, {}));
  await waitFor("the second writer waiting on lane 3", async () =>
    (await laneLocks(db)).some((l) => l.lane === 3 && !l.granted),
  );
  assert.equal((await rowsOfLane(db, 3)).length, 0, "nothing of lane 3 committed yet");
  open.release();
  await Promise.all([first, second]);
  const [one, two] = await rowsOfLane(db, 3);
  assert.equal(one?.jobId, A);
  assert.equal(two?.jobId, C);
  assert.equal(two?.prevHash, one?.hash);
});

test("a lane lock that cannot be taken is what the audited transaction reports, and its work never runs", {
  timeout: 60_000,
}, async () => {
  const { db, url } = await freshLog();
  // Connections opened from here on give up on a lock after 200 ms.
  await db.execute(
    sql.raw(`alter database ${new URL(url).pathname.slice(1)} set lock_timeout = '200ms'`),
  );
  const impatient = await openDb(url, "");
  const open = heldOpen();
  const holder = auditedTransaction(db, A, open.hold);
  try {
    await open.inside;
    let ran = false;
    const error = await auditedTransaction(impatient.db, jobInLane(3, 1), async (tx) => {
      await tx.execute(sql`select 1`);
      ran = true;
    }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.equal(postgresErrorCode(error), "55P03", `lock_not_available, not ${String(error)}`);
    assert.equal(ran, false);
  } finally {
    open.release();
    await holder;
    await impatient.close();
  }
});

test("an append for another job's lane inside an audited transaction is refused, not risked", async () => {
  const { db } = await freshLog();
  await assert.rejects(
    auditedTransaction(db, A, (tx) => appendAudit(tx, "payment.verified", B, {})),
    /one transaction, one lane/,
  );
  assert.equal((await db.select().from(auditEvents)).length, 0);
});

/** Two jobs' events interleaved, lane 3 first and last; checkpointed. */
async function twoLanes() {
  const log = await freshLog();
  for (let n = 0; n < 3; n++) {
    await appendAudit(log.db, "job.transition", A, { n });
    await appendAudit(log.db, "job.transition", B, { n });
  }
  await appendAudit(log.db, "job.transition", A, { n: 3 });
  await checkpointAuditLog(log.db, log.store, SECRET, {});
  const a = await rowsOfLane(log.db, 3);
  const b = await rowsOfLane(log.db, 40);
  return { ...log, a, b };
}

test("an intact log of several lanes verifies, with a checkpoint of every lane's head", {
  timeout: 60_000,
}, async () => {
  const { db, store, a, b } = await twoLanes();
  const verdict = await verifyAuditLog(db, store, SECRET);
  assert.ok(verdict.intact, verdict.message);
  assert.match(verdict.message, /intact: 7 events, head 7; checkpoint at event 7 .*2 of 64 lanes/);
  assert.deepEqual(
    (await readCheckpoint(store, SECRET))?.lanes.map((l) => [l.lane, l.headId, l.count]),
    [
      [3, a.at(-1)?.id, 4],
      [40, b.at(-1)?.id, 3],
    ],
  );
});

test("a row edited in one lane is named", { timeout: 60_000 }, async () => {
  const { db, store, b } = await twoLanes();
  const target = b[1]?.id as number;
  await tamper(db, sql`update audit_events set data = '{"n":9}' where id = ${target}`);
  const verdict = await verifyAuditLog(db, store, SECRET);
  assert.deepEqual(verdict.broken, { id: target, reason: "hash" }, verdict.message);
});

test("a row moved to another lane is named, even as the first of an empty lane", {
  timeout: 60_000,
}, async () => {
  const { db, store, a } = await twoLanes();
  const middle = a[1]?.id as number;
  await tamper(db, sql`update audit_events set lane = 40 where id = ${middle}`);
  const verdict = await verifyAuditLog(db, store, SECRET);
  assert.equal(verdict.intact, false);
  assert.deepEqual(verdict.broken, { id: a[2]?.id, reason: "prev_hash" }, verdict.message);

  // A lane's only row, moved to an empty lane, still links to the genesis: only its hash, which
  // covers its lane, tells.
  const log = await freshLog();
  await appendAudit(log.db, "payment.verified", A, {});
  const [only] = await rowsOfLane(log.db, 3);
  await tamper(log.db, sql`update audit_events set lane = 5 where id = ${only?.id}`);
  const moved = await verifyStoredChain(log.db, {
    secret: SECRET,
    lane: 5,
    legacyThrough: 0,
    afterId: 0,
  });
  assert.deepEqual(moved.broken, { id: only?.id, reason: "hash" });
});

test("a lane's newest events cut off are named by the checkpoint, which is not extended over the cut", {
  timeout: 60_000,
}, async () => {
  const { db, store, b } = await twoLanes();
  // Lane 40's head is not the newest row of the log.
  const head = b.at(-1)?.id as number;
  await tamper(db, sql`delete from audit_events where id = ${head}`);
  const verdict = await verifyAuditLog(db, store, SECRET);
  assert.deepEqual(verdict.broken, { id: head, reason: "missing" }, verdict.message);
  // New events after the cut link cleanly to the lane's new head; only the checkpoint knows.
  await appendAudit(db, "job.transition", B, { n: 3 });
  await assert.rejects(
    checkpointAuditLog(db, store, SECRET, {}),
    (e: unknown) => e instanceof AuditBreakError && e.broken.id === head,
  );
  const kept = await readCheckpoint(store, SECRET);
  assert.equal(kept?.lanes.find((l) => l.lane === 40)?.headId, head, "the old checkpoint stays");

  // A lane cut off whole.
  const whole = await twoLanes();
  await tamper(whole.db, sql`delete from audit_events where lane = 40`);
  await assert.rejects(
    checkpointAuditLog(whole.db, whole.store, SECRET, {}),
    (e: unknown) =>
      e instanceof AuditBreakError &&
      e.broken.id === whole.b.at(-1)?.id &&
      e.broken.reason === "missing",
  );
  const cut = await verifyAuditLog(whole.db, whole.store, SECRET);
  assert.deepEqual(cut.broken, { id: whole.b.at(-1)?.id, reason: "missing" });
});

test("a row outside every lane is named", { timeout: 60_000 }, async () => {
  const { db, store, a } = await twoLanes();
  await db.execute(sql`alter table audit_events drop constraint audit_events_lane_range`);
  await tamper(db, sql`update audit_events set lane = 99 where id = ${a[0]?.id}`);
  const verdict = await verifyAuditLog(db, store, SECRET);
  assert.deepEqual(verdict.broken, { id: a[0]?.id, reason: "lane" });
});

/** The committed migrations up to (not including) `tag`, as a folder drizzle's migrator reads. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-migrations-"));
  mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((e) => e.tag === tag);
  assert.ok(end > 0);
  const entries = journal.entries.slice(0, end);
  for (const e of entries) copyFileSync(`drizzle/${e.tag}.sql`, path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

test("a log from when it was one chain verifies after the migration to lanes, and grows in lanes", {
  timeout: 60_000,
}, async () => {
  const database = await createTestDatabase();
  const owner = postgres(database.url, { max: 1, onnotice: () => {} });
  cleanups.push(async () => {
    await owner.end();
    await database.drop();
  });
  // Its own client: drizzle's driver takes over how the client it wraps sends values.
  const migrator = postgres(database.url, { max: 1, onnotice: () => {} });
  await migrate(drizzle(migrator), { migrationsFolder: migrationsBefore("0016_audit_lanes") });
  await migrator.end();
  // As the earlier releases wrote it: two plain rows, then three keyed without lane or id.
  let prev = GENESIS_HASH;
  for (let i = 1; i <= 5; i++) {
    const row = {
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      type: "payment.settled",
      jobId: null,
      data: { amount: String(i * 1000) },
    };
    const hash = i <= 2 ? legacyAuditHash(prev, row) : unlanedAuditHash(SECRET, prev, row);
    await owner`insert into audit_events (at, type, job_id, data, prev_hash, hash) values (${row.at}, ${row.type}, null, ${owner.json(row.data)}, ${prev}, ${hash})`;
    prev = hash;
  }
  // And its checkpoint, signed as that release signed it.
  const store = createLocalStore({
    dir: mkdtempSync(path.join(tmpdir(), "reel402-audit-lanes-")),
    secret: "unused-link-secret-0123456789abcdef",
  });
  const single = {
    headId: 5,
    headHash: prev,
    count: 5,
    legacyThrough: 2,
    writtenAt: "2026-01-02T00:00:00.000Z",
  };
  const text = ["reel402-audit-checkpoint-v1", 5, prev, 5, 2, single.writtenAt].join("\n");
  await store.writeRecord(
    "audit-checkpoint",
    JSON.stringify({
      ...single,
      signature: createHmac("sha256", SECRET).update(text).digest("hex"),
    }),
  );

  const opened = await openDb(database.url, "");
  try {
    const db = opened.db;
    assert.deepEqual(
      (await db.select({ lane: auditEvents.lane }).from(auditEvents)).map((r) => r.lane),
      [0, 0, 0, 0, 0],
      "the old rows are lane 0",
    );
    // An instance of the earlier release, still running, cannot fork lane 0: its insert is refused.
    await assert.rejects(
      db.execute(
        sql`insert into audit_events (at, type, data, prev_hash, hash) values (now(), 'payment.settled', '{}', ${prev}, ${`hmac-sha256:${"0".repeat(64)}`})`,
      ),
      (e: unknown) => /null value in column "lane"/.test(String((e as Error).cause ?? e)),
    );
    const migrated = await verifyAuditLog(db, store, SECRET);
    assert.ok(migrated.intact, migrated.message);
    assert.match(
      migrated.message,
      /intact: 5 events, head 5; checkpoint at event 5 .*events up to 2 predate the key/,
    );

    const zero = jobInLane(0);
    await appendAudit(db, "job.transition", zero, { n: 1 });
    await appendAudit(db, "job.transition", A, { n: 1 });
    const next = await checkpointAuditLog(db, store, SECRET, {});
    assert.deepEqual(
      next?.lanes.map((l) => [l.lane, l.headId, l.count]),
      [
        [0, (await rowsOfLane(db, 0)).at(-1)?.id, 6],
        [3, (await rowsOfLane(db, 3)).at(-1)?.id, 1],
      ],
    );
    assert.equal(next?.legacyThrough, 2);
    const grown = await verifyAuditLog(db, store, SECRET);
    assert.ok(grown.intact, grown.message);
    assert.match(grown.message, /intact: 7 events/);

    // An old row edited is still named.
    await tamper(db, sql`update audit_events set data = '{"amount":"1"}' where id = 4`);
    assert.deepEqual((await verifyAuditLog(db, store, SECRET)).broken, { id: 4, reason: "hash" });
  } finally {
    await opened.close();
  }
});

test("on the embedded PGlite (one connection) the lanes append, checkpoint and verify alike", {
  timeout: 60_000,
}, async () => {
  const { tempDb } = await import("../helpers/jobs");
  const opened = await tempDb();
  cleanups.push(opened.close);
  const store = createLocalStore({
    dir: path.join(opened.dir, "videos"),
    secret: "unused-link-secret-0123456789abcdef",
  });
  // Concurrent writers of two lanes and of one: PGlite runs their transactions one at a time.
  await Promise.all([
    auditedTransaction(opened.db, A, (tx) => appendAudit(tx, "payment.verified", A, { n: 1 })),
    auditedTransaction(opened.db, B, (tx) => appendAudit(tx, "payment.verified", B, { n: 1 })),
    appendAudit(opened.db, "payment.settled", A, { n: 2 }),
  ]);
  const checkpoint = await checkpointAuditLog(opened.db, store, SECRET, {});
  assert.deepEqual(
    checkpoint?.lanes.map((l) => [l.lane, l.count]),
    [
      [3, 2],
      [40, 1],
    ],
  );
  const verdict = await verifyAuditLog(opened.db, store, SECRET);
  assert.ok(verdict.intact, verdict.message);
});
