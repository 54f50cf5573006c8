import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import postgres from "postgres";

// The key the service writes with; set before anything reads the configuration.
const SECRET = `audit-test-${randomBytes(24).toString("hex")}`;
process.env.AUDIT_CHAIN_SECRET = SECRET;
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "reel402-audit-env-"));

const { appendAudit } = await import("@/lib/platform/audit/append");
const { auditHash, GENESIS_HASH, legacyAuditHash } = await import("@/lib/platform/audit/chain");
const { AuditBreakError, checkpointAuditLog, readCheckpoint, verifyStoredChain, writeCheckpoint } =
  await import("@/lib/platform/audit/checkpoint");
const { openDb } = await import("@/lib/platform/db/client");
const { runtimeRoleSql } = await import("@/lib/platform/db/runtime-role");
const { createLocalStore } = await import("@/lib/media/storage/local-store");
const { createTestDatabase } = await import("../helpers/database");
const { post } = await import("../helpers/http");
const { waitFor } = await import("../helpers/poll");
const { startServer } = await import("../helpers/server");
const { jobInLane } = await import("../helpers/audit-lanes");

// The events of one job: one chain in lane 0, where the rows from before lanes are.
const JOB = jobInLane(0);
const newestCheckpointed = (c: { lanes: { headId: number }[] } | null) =>
  c ? Math.max(...c.lanes.map((l) => l.headId)) : undefined;

type Log = {
  url: string;
  dataDir: string;
  sql: postgres.Sql;
  store: ReturnType<typeof createLocalStore>;
  close: () => Promise<void>;
};

const cleanups: (() => Promise<void>)[] = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database holding `events` audit events appended by the service's own code, checkpointed as a maintenance tick does. */
async function freshLog(
  events: number,
  opts: { checkpoint?: boolean; legacy?: number } = {},
): Promise<Log> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "reel402-audit-"));
  const opened = await openDb(database.url, dataDir);
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  // Rows from before the chain was keyed: plain SHA-256, as the earlier release wrote them.
  let prev = GENESIS_HASH;
  for (let i = 1; i <= (opts.legacy ?? 0); i++) {
    const row = {
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      type: "payment.settled",
      jobId: null,
      data: { amount: String(i * 1000), legacy: true },
    };
    const hash = legacyAuditHash(prev, row);
    await sql`insert into audit_events (lane, at, type, job_id, data, prev_hash, hash) values (0, ${row.at}, ${row.type}, null, ${sql.json(row.data)}, ${prev}, ${hash})`;
    prev = hash;
  }
  for (let i = 1; i <= events; i++)
    await appendAudit(opened.db, "payment.settled", JOB, {
      amount: String(i * 250_000),
      payer: `0x${String(i).padStart(40, "0")}`,
    });
  const store = createLocalStore({
    dir: path.join(dataDir, "videos"),
    secret: "unused-link-secret-0123456789abcdef",
  });
  if (opts.checkpoint !== false) await checkpointAuditLog(opened.db, store, SECRET, {});
  await opened.close();
  const log = {
    url: database.url,
    dataDir,
    sql,
    store,
    close: async () => {
      await sql.end();
      await database.drop();
    },
  };
  cleanups.push(log.close);
  return log;
}

/** The runtime role docs/operators.md sets up, on this log's database; its connection string. Dropped after the database. */
async function runtimeRole(log: Log): Promise<string> {
  const role = `reel402_audit_${randomBytes(5).toString("hex")}`;
  await log.sql.unsafe(runtimeRoleSql(role, "runtime-password"));
  cleanups.unshift(async () => {
    const admin = postgres(log.url.replace(/\/[^/]*$/, "/postgres"), {
      max: 1,
      onnotice: () => {},
    });
    await admin.unsafe(`drop role if exists ${role}`);
    await admin.end();
  });
  const u = new URL(log.url);
  u.username = role;
  u.password = "runtime-password";
  return u.toString();
}

/** `npm run audit:verify`, as the operator runs it. */
function auditVerify(
  log: Log,
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/audit-verify.ts"],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        DATABASE_URL: log.url,
        DATA_DIR: log.dataDir,
        AUDIT_CHAIN_SECRET: SECRET,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code: code ?? 1, out })));
}

async function assertBrokenAt(log: Log, id: number, why: RegExp) {
  const r = await auditVerify(log);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, new RegExp(`BROKEN at event ${id}: `), r.out);
  assert.match(r.out, why, r.out);
}

/** Superuser rewrites of rows from `fromId` on, each re-linked to the rewritten row before it. */
async function rehash(
  log: Log,
  fromId: number,
  hashOf: (
    prev: string,
    row: {
      id: number;
      lane: number;
      at: Date;
      type: string;
      jobId: string | null;
      data: Record<string, unknown>;
    },
  ) => string,
) {
  await log.sql.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    const rows = await tx<
      {
        id: number;
        lane: number;
        at: Date;
        type: string;
        job_id: string | null;
        data: Record<string, unknown>;
        prev_hash: string;
      }[]
    >`
      select id::int, lane, at, type, job_id, data, prev_hash from audit_events where id >= ${fromId} order by id`;
    let prev = rows[0]?.prev_hash ?? GENESIS_HASH;
    for (const row of rows) {
      const hash = hashOf(prev, {
        id: row.id,
        lane: row.lane,
        at: row.at,
        type: row.type,
        jobId: row.job_id,
        data: row.data,
      });
      await tx`update audit_events set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`;
      prev = hash;
    }
  });
}

describe("the audit log against its own database roles", () => {
  test("an untouched log verifies intact, with its checkpoint", { timeout: 60_000 }, async () => {
    const log = await freshLog(6);
    const r = await auditVerify(log);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /audit log intact: 6 events, head 6; checkpoint at event 6/);
  });

  describe("the runtime role (INSERT and SELECT on audit_events only)", () => {
    let log: Log;
    let runtime: postgres.Sql;
    let runtimeUrl: string;
    before(async () => {
      log = await freshLog(4);
      runtimeUrl = await runtimeRole(log);
      runtime = postgres(runtimeUrl, { max: 1, onnotice: () => {} });
    });
    after(() => runtime?.end());

    const refused: [string, string, RegExp][] = [
      [
        "UPDATE",
        'update audit_events set data = \'{"amount":"1"}\' where id = 2',
        /permission denied for table audit_events/,
      ],
      [
        "DELETE",
        "delete from audit_events where id = 4",
        /permission denied for table audit_events/,
      ],
      ["TRUNCATE", "truncate audit_events", /permission denied for table audit_events/],
      [
        "ALTER TABLE",
        "alter table audit_events add column note text",
        /must be owner of table audit_events/,
      ],
      [
        "DISABLE TRIGGER",
        "alter table audit_events disable trigger audit_events_no_update_delete",
        /must be owner of table audit_events/,
      ],
      [
        "DROP TRIGGER",
        "drop trigger audit_events_no_update_delete on audit_events",
        /must be owner of (table|relation) audit_events/,
      ],
      [
        "CREATE TRIGGER",
        "create trigger t before insert on audit_events for each row execute function audit_events_append_only()",
        /permission denied for table audit_events/,
      ],
      [
        "SET session_replication_role",
        "set session_replication_role = replica",
        /permission denied to set parameter "session_replication_role"/,
      ],
      ["DROP TABLE", "drop table audit_events", /must be owner of table audit_events/],
    ];
    for (const [what, statement, refusal] of refused) {
      test(`is refused ${what}`, async () => {
        await assert.rejects(runtime.unsafe(statement), refusal);
      });
    }

    test("runs the service (opened without migrating), appends and reads; the log stays intact and checkpoints", {
      timeout: 60_000,
    }, async () => {
      const opened = await openDb(runtimeUrl, log.dataDir, log.url);
      try {
        await appendAudit(opened.db, "refund.created", JOB, { amount: "250000" });
        const checkpoint = await checkpointAuditLog(opened.db, log.store, SECRET, {});
        assert.equal(newestCheckpointed(checkpoint), 5);
      } finally {
        await opened.close();
      }
      const r = await auditVerify(log, { DATABASE_URL: runtimeUrl });
      assert.equal(r.code, 0, r.out);
      assert.match(r.out, /intact: 5 events/);
    });

    test("an event it forges with INSERT (it holds no key) is named", {
      timeout: 60_000,
    }, async () => {
      const [head] = await runtime<
        { hash: string }[]
      >`select hash from audit_events order by id desc limit 1`;
      const forged = {
        at: new Date(),
        type: "refund.sent",
        jobId: null,
        data: { amount: "99000000" },
      };
      const guess = auditHash("a-guessed-key-that-is-not-the-real-one", head?.hash ?? "", {
        ...forged,
        id: 5,
        lane: 0,
      });
      const [row] = await runtime<{ id: number }[]>`
        insert into audit_events (lane, at, type, data, prev_hash, hash) values (0, ${forged.at}, ${forged.type}, ${runtime.json(forged.data)}, ${head?.hash ?? ""}, ${guess}) returning id::int`;
      await assertBrokenAt(log, row?.id as number, /content does not match its keyed hash/);
    });
  });

  test("a running service, as the runtime role, checkpoints its log each tick and reports a cut it will not checkpoint over", {
    timeout: 120_000,
  }, async () => {
    const log = await freshLog(0, { checkpoint: false });
    const runtimeUrl = await runtimeRole(log);
    const server = await startServer({
      DATABASE_URL: runtimeUrl,
      AUDIT_CHAIN_SECRET: SECRET,
      LIMIT_POSTS_PER_MINUTE_PER_IP: "1",
      RPC_URL: "http://127.0.0.1:9",
    });
    try {
      // Past the per-minute limit each POST is refused, and every refusal is audited.
      for (let i = 0; i < 4; i++)
        await post(`${server.url}/generate/alpha/5s-720p`, { prompt: "a kite over the sea" });
      const served = {
        ...log,
        dataDir: server.dataDir,
        store: createLocalStore({ dir: path.join(server.dataDir, "videos"), secret: "unused" }),
      };
      // Refusals are recorded just after their answers (within a quarter second): wait until
      // they are all in, the head no longer moving.
      const headId = async () =>
        (await log.sql<{ id: number }[]>`select max(id)::int as id from audit_events`)[0]?.id ?? 0;
      const settled = async () => {
        const before = await headId();
        await new Promise((resolve) => setTimeout(resolve, 600));
        return before >= 2 && before === (await headId());
      };
      await waitFor("the refusals audited", settled, 15_000);
      const head = { id: await headId() };
      await waitFor(
        "a checkpoint at the newest event",
        async () => newestCheckpointed(await readCheckpoint(served.store, SECRET)) === head?.id,
        20_000,
      );
      const intact = await auditVerify(served, { DATABASE_URL: runtimeUrl });
      assert.equal(intact.code, 0, intact.out);
      await log.sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`delete from audit_events where id = ${head?.id as number}`;
      });
      await waitFor(
        "the refusal in the log",
        async () =>
          server
            .output()
            .includes(`audit checkpoint refused, the log no longer holds at event ${head?.id}`),
        20_000,
      );
      await assertBrokenAt(served, head?.id as number, /checkpointed but is gone/);
    } finally {
      await server.stop();
    }
  });

  describe("the superuser (owner) rewriting history", () => {
    test("an amount edited in the middle, triggers disabled, is named at that event", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(6);
      await log.sql.unsafe(
        "alter table audit_events disable trigger audit_events_no_update_delete",
      );
      await log.sql`update audit_events set data = jsonb_set(data, '{amount}', '"1"') where id = 3`;
      await log.sql.unsafe("alter table audit_events enable trigger audit_events_no_update_delete");
      await assertBrokenAt(log, 3, /content does not match its keyed hash/);
    });

    test("a middle event deleted under session_replication_role = replica is named at the event after it", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(6);
      await log.sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`delete from audit_events where id = 3`;
      });
      await assertBrokenAt(log, 4, /link to the previous event does not match/);
    });

    test("the newest events cut off are named by the checkpoint, and the next tick refuses to bless the cut", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(6);
      await log.sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`delete from audit_events where id >= 5`;
      });
      await assertBrokenAt(log, 6, /checkpointed but is gone/);
      const opened = await openDb(log.url, log.dataDir);
      try {
        // New events after the cut link cleanly to event 4; only the checkpoint knows 5 and 6 existed.
        await appendAudit(opened.db, "payment.settled", JOB, { amount: "5" });
        await assert.rejects(
          checkpointAuditLog(opened.db, log.store, SECRET, {}),
          (e: unknown) =>
            e instanceof AuditBreakError && e.broken.id === 6 && e.broken.reason === "missing",
        );
        assert.equal(
          newestCheckpointed(await readCheckpoint(log.store, SECRET)),
          6,
          "the old checkpoint stays",
        );
      } finally {
        await opened.close();
      }
      await assertBrokenAt(log, 6, /checkpointed but is gone/);
    });

    test("an edit re-hashed with plain SHA-256 (a downgrade) is named at the edited event", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(6);
      await log.sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`update audit_events set data = jsonb_set(data, '{amount}', '"1"') where id = 3`;
      });
      await rehash(log, 3, legacyAuditHash);
      await assertBrokenAt(log, 3, /plain SHA-256 hash after the chain became keyed/);
    });

    test("the whole log re-hashed with plain SHA-256 is named at its first event", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(6);
      await rehash(log, 1, legacyAuditHash);
      await assertBrokenAt(log, 1, /plain SHA-256/);
    });

    test("an edit re-hashed with a guessed key is named at the edited event", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(6);
      await log.sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`update audit_events set data = jsonb_set(data, '{amount}', '"1"') where id = 4`;
      });
      await rehash(log, 4, (prev, row) => auditHash("reel402", prev, row));
      await assertBrokenAt(log, 4, /content does not match its keyed hash/);
    });
  });

  describe("rows from before the chain was keyed", () => {
    test("verify as legacy up to the checkpointed boundary, and not past it", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(3, { legacy: 3 });
      const intact = await auditVerify(log);
      assert.equal(intact.code, 0, intact.out);
      assert.match(intact.out, /intact: 6 events.*events up to 3 predate the key/);
      // The attacker edits keyed event 5 and re-hashes from the first keyed event as if it were legacy.
      await log.sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`update audit_events set data = jsonb_set(data, '{amount}', '"1"') where id = 5`;
      });
      await rehash(log, 4, legacyAuditHash);
      await assertBrokenAt(log, 4, /plain SHA-256 hash after the chain became keyed/);
    });
  });

  test("verified page by page, a plain row past the first keyed page is still a downgrade", {
    timeout: 60_000,
  }, async () => {
    const log = await freshLog(4, { legacy: 2, checkpoint: false });
    const opened = await openDb(log.url, log.dataDir);
    try {
      const whole = await verifyStoredChain(opened.db, {
        secret: SECRET,
        lane: 0,
        legacyThrough: null,
        afterId: 0,
        pageSize: 2,
      });
      assert.ok(
        !whole.broken &&
          whole.summary.count === 6 &&
          whole.summary.lastLegacyId === 2 &&
          whole.summary.head?.id === 6,
      );
      await rehash(log, 6, legacyAuditHash);
      const paged = await verifyStoredChain(opened.db, {
        secret: SECRET,
        lane: 0,
        legacyThrough: null,
        afterId: 0,
        pageSize: 2,
      });
      assert.deepEqual(paged.broken, { id: 6, reason: "unkeyed" });
    } finally {
      await opened.close();
    }
  });

  describe("the checkpoint itself", () => {
    test("missing: the chain may hold, but audit:verify does not call it intact", {
      timeout: 60_000,
    }, async () => {
      const log = await freshLog(3, { checkpoint: false });
      const r = await auditVerify(log);
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /NO CHECKPOINT/);
    });

    test("signed with another key: refused", { timeout: 60_000 }, async () => {
      const log = await freshLog(3);
      const real = await readCheckpoint(log.store, SECRET);
      assert.ok(real);
      await writeCheckpoint(log.store, "someone-else-s-key-0123456789abcdef", {
        ...real,
        lanes: real.lanes.map((l) => ({ ...l, headId: 2, count: 2 })),
      });
      const r = await auditVerify(log);
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /signature does not match/);
    });
  });
});
