import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { test } from "node:test";
import { AUDIT_LANES, auditLaneOf } from "@/lib/platform/audit/lanes";

/** The lane as the verifier and the database's rows define it: sha256 of the lowercased key. */
const laneByDefinition = (key: string) =>
  createHash("sha256").update(key.toLowerCase()).digest().readUInt32BE(0) % AUDIT_LANES;

test("a key's lane is the same asked once, again, and again after many other keys", () => {
  const ids = Array.from({ length: 5_000 }, () => randomUUID());
  const first = ids.map((id) => auditLaneOf(id));
  const again = ids.map((id) => auditLaneOf(id));
  assert.deepEqual(again, first);
  assert.deepEqual(
    first,
    ids.map((id) => laneByDefinition(id)),
  );
  assert.ok(new Set(first).size > AUDIT_LANES / 2, "the keys spread over the lanes");
});

test("a key's case does not change its lane, and a long key's lane is computed each time alike", () => {
  const id = randomUUID();
  assert.equal(auditLaneOf(id.toUpperCase()), auditLaneOf(id));
  const content = JSON.stringify({ note: "x".repeat(500) });
  assert.equal(auditLaneOf(content), laneByDefinition(content));
  assert.equal(auditLaneOf(content), auditLaneOf(content));
});
