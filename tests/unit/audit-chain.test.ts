import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  type AuditRow,
  auditHash,
  GENESIS_HASH,
  legacyAuditHash,
  verifyChain,
} from "@/lib/platform/audit/chain";
import { readCheckpoint, writeCheckpoint } from "@/lib/platform/audit/checkpoint";
import { runtimeRoleSql } from "@/lib/platform/db/runtime-role";
import { createLocalStore } from "@/lib/media/storage/local-store";

const KEY = "unit-test-audit-key-0123456789abcdef";

function chain(count: number, opts: { legacy?: number; key?: string } = {}): AuditRow[] {
  const rows: AuditRow[] = [];
  let prev = GENESIS_HASH;
  for (let id = 1; id <= count; id++) {
    const fields = {
      at: new Date(Date.UTC(2026, 10, 1, 0, 0, id)),
      type: "payment.settled",
      jobId: null,
      data: { amount: String(id * 1000) },
    };
    const hash =
      id <= (opts.legacy ?? 0)
        ? legacyAuditHash(prev, fields)
        : auditHash(opts.key ?? KEY, prev, fields);
    rows.push({ id, ...fields, prevHash: prev, hash });
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
    headId: 9,
    headHash: `hmac-sha256:${"a".repeat(64)}`,
    count: 9,
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
  await store.writeRecord("audit-checkpoint", JSON.stringify({ ...stored, headId: 5, count: 5 }));
  await assert.rejects(readCheckpoint(store, KEY), /signature does not match/);
  await writeCheckpoint(store, "another-key-0123456789abcdef-xyz", c);
  await assert.rejects(readCheckpoint(store, KEY), /signature does not match/);
});

test("the operators' guide creates the runtime role with exactly the statements the tests grant", () => {
  const readme = readFileSync("docs/operators.md", "utf8").replace(/^ {3}/gm, "");
  assert.ok(
    readme.includes(runtimeRoleSql("reel402_app", "<password>")),
    "docs/operators.md's role SQL matches lib/platform/db/runtime-role.ts",
  );
  assert.throws(() => runtimeRoleSql("app; drop table jobs", "x"), /not a plain role name/);
});
