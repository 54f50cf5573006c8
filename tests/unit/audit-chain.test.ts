import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  type AuditRow,
  auditHash,
  GENESIS_HASH,
  legacyAuditHash,
  unlanedAuditHash,
  verifyChain,
} from "@/lib/platform/audit/chain";
import { readCheckpoint, writeCheckpoint } from "@/lib/platform/audit/checkpoint";
import { runtimeRoleSql } from "@/lib/platform/db/runtime-role";
import { createLocalStore } from "@/lib/media/storage/local-store";

const KEY = "unit-test-audit-key-0123456789abcdef";

/** Rows 1..legacy plain, then up to `unlaned` keyed as the single chain was, then as written now. */
function chain(
  count: number,
  opts: { legacy?: number; unlaned?: number; key?: string } = {},
): AuditRow[] {
  const rows: AuditRow[] = [];
  let prev = GENESIS_HASH;
  for (let id = 1; id <= count; id++) {
    const fields = {
      id,
      lane: 0,
      at: new Date(Date.UTC(2026, 10, 1, 0, 0, id)),
      type: "payment.settled",
      jobId: null,
      data: { amount: String(id * 1000) },
    };
    const key = opts.key ?? KEY;
    const hash =
      id <= (opts.legacy ?? 0)
        ? legacyAuditHash(prev, fields)
        : id <= (opts.unlaned ?? 0)
          ? unlanedAuditHash(key, prev, fields)
          : auditHash(key, prev, fields);
    rows.push({ ...fields, prevHash: prev, hash });
    prev = hash;
  }
  return rows;
}

test("an intact keyed chain verifies, and a different key does not", () => {
  const result = verifyChain(chain(5), { secret: KEY, legacyThrough: 0 });
  assert.equal(result.broken, null);
  assert.deepEqual(
    verifyChain(chain(5), { secret: "another-key-0123456789abcdef-xyz", legacyThrough: 0 }).broken,
    { id: 1, reason: "hash" },
  );
});

test("legacy rows verify only as a prefix, or up to the recorded boundary", () => {
  const rows = chain(6, { legacy: 3 });
  const free = verifyChain(rows, { secret: KEY, legacyThrough: null });
  assert.ok(!free.broken && free.summary.lastLegacyId === 3);
  assert.equal(verifyChain(rows, { secret: KEY, legacyThrough: 3 }).broken, null);
  assert.deepEqual(verifyChain(rows, { secret: KEY, legacyThrough: 2 }).broken, {
    id: 3,
    reason: "unkeyed",
  });
  // All plain: fine as a prefix when nothing is known, refused past a boundary of 0.
  const plain = chain(4, { legacy: 4 });
  assert.equal(verifyChain(plain, { secret: KEY, legacyThrough: null }).broken, null);
  assert.deepEqual(verifyChain(plain, { secret: KEY, legacyThrough: 0 }).broken, {
    id: 1,
    reason: "unkeyed",
  });
  // A plain row after a keyed one is a downgrade even without a boundary.
  const mixed = chain(4);
  const third = mixed[2] as AuditRow;
  third.hash = legacyAuditHash(third.prevHash, third);
  assert.deepEqual(verifyChain(mixed, { secret: KEY, legacyThrough: null }).broken, {
    id: 3,
    reason: "unkeyed",
  });
});

test("the checkpoint round-trips through a store signed, and a forged or re-keyed one is refused", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-audit-unit-"));
  const store = createLocalStore({ dir, secret: "link-secret-0123456789abcdef-0123" });
  assert.equal(await readCheckpoint(store, KEY), null);
  const c = {
    lanes: [
      { lane: 0, headId: 9, headHash: `hmac-sha256:${"a".repeat(64)}`, count: 9 },
      { lane: 7, headId: 12, headHash: `hmac-sha256:v2:${"b".repeat(64)}`, count: 2 },
    ],
    legacyThrough: 0,
    writtenAt: "2026-11-23T00:00:00.000Z",
  };
  await writeCheckpoint(store, KEY, c);
  assert.deepEqual(await readCheckpoint(store, KEY), c);
  assert.deepEqual(
    readdirSync(dir),
    ["audit-checkpoint.json"],
    "written atomically: no partial file left",
  );
  const stored = JSON.parse(readFileSync(path.join(dir, "audit-checkpoint.json"), "utf8"));
  const [zero, seven] = stored.lanes;
  await store.writeRecord(
    "audit-checkpoint",
    JSON.stringify({ ...stored, lanes: [zero, { ...seven, headId: 11, count: 1 }] }),
  );
  await assert.rejects(readCheckpoint(store, KEY), /signature does not match/, "a lane cut back");
  await store.writeRecord("audit-checkpoint", JSON.stringify({ ...stored, lanes: [zero] }));
  await assert.rejects(readCheckpoint(store, KEY), /signature does not match/, "a lane left out");
  await writeCheckpoint(store, "another-key-0123456789abcdef-xyz", c);
  await assert.rejects(readCheckpoint(store, KEY), /signature does not match/);
});

test("a checkpoint from when the log was one chain reads as lane 0's head, and only with its signature", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-audit-unit-"));
  const store = createLocalStore({ dir, secret: "link-secret-0123456789abcdef-0123" });
  // Exactly what the single-chain release wrote.
  const single = {
    headId: 9,
    headHash: `hmac-sha256:${"a".repeat(64)}`,
    count: 9,
    legacyThrough: 3,
    writtenAt: "2026-11-23T00:00:00.000Z",
  };
  const text = ["reel402-audit-checkpoint-v1", 9, single.headHash, 9, 3, single.writtenAt].join(
    "\n",
  );
  const signature = createHmac("sha256", KEY).update(text).digest("hex");
  await store.writeRecord("audit-checkpoint", JSON.stringify({ ...single, signature }));
  assert.deepEqual(await readCheckpoint(store, KEY), {
    lanes: [{ lane: 0, headId: 9, headHash: single.headHash, count: 9 }],
    legacyThrough: 3,
    writtenAt: single.writtenAt,
  });
  await store.writeRecord("audit-checkpoint", JSON.stringify({ ...single, count: 8, signature }));
  await assert.rejects(readCheckpoint(store, KEY), /signature does not match/);
});

test("a row's hash covers its lane and its id, and the one-chain kinds hold only in lane 0", () => {
  const rows = chain(3);
  const moved = rows.map((r) => ({ ...r, lane: 5 }));
  assert.deepEqual(verifyChain(moved, { secret: KEY, legacyThrough: 0 }).broken, {
    id: 1,
    reason: "hash",
  });
  const renumbered = rows.map((r) => ({ ...r, id: r.id + 1 }));
  assert.deepEqual(verifyChain(renumbered, { secret: KEY, legacyThrough: 0 }).broken, {
    id: 2,
    reason: "hash",
  });
  // Rows of the single chain (keyed without lane, or plain) verify in lane 0, then laned rows follow.
  const old = chain(4, { legacy: 1, unlaned: 3 });
  const prev = old[3]?.hash as string;
  const intact = verifyChain(old, { secret: KEY, legacyThrough: null });
  assert.ok(!intact.broken && intact.summary.lastLegacyId === 1 && intact.summary.count === 4);
  assert.deepEqual(
    verifyChain(
      old.map((r) => ({ ...r, lane: 3 })),
      { secret: KEY, legacyThrough: 1 },
    ).broken,
    { id: 1, reason: "unkeyed" },
    "plain rows only in lane 0",
  );
  assert.deepEqual(
    verifyChain(
      old.slice(1).map((r) => ({ ...r, lane: 3 })),
      {
        secret: KEY,
        legacyThrough: 1,
        start: old[0]?.hash,
      },
    ).broken,
    { id: 2, reason: "lane" },
    "keyed rows without their lane only in lane 0",
  );
  // A row without its lane after one with it: a downgrade.
  const fifth = { id: 5, lane: 0, at: new Date(), type: "x", jobId: null, data: {} };
  const late = { ...fifth, prevHash: prev, hash: unlanedAuditHash(KEY, prev, fifth) };
  assert.deepEqual(verifyChain([...old, late], { secret: KEY, legacyThrough: 1 }).broken, {
    id: 5,
    reason: "lane",
  });
});

test("the operators' guide creates the runtime role with exactly the statements the tests grant", () => {
  const readme = readFileSync("docs/operators.md", "utf8").replace(/^ {3}/gm, "");
  assert.ok(
    readme.includes(runtimeRoleSql("reel402_app", "<password>")),
    "docs/operators.md's role SQL matches lib/platform/db/runtime-role.ts",
  );
  assert.throws(() => runtimeRoleSql("app; drop table jobs", "x"), /not a plain role name/);
});
