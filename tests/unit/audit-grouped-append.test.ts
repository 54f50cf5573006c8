import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { asc } from "drizzle-orm";
import { appendAudit } from "@/lib/audit/append";
import { verifyChain } from "@/lib/audit/chain";
import { namedSecret } from "@/lib/secrets/named-secret";
import { appendAuditGrouped } from "@/lib/audit/grouped-append";
import { openDb } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";

const SECRET = "grouped-append-test-secret-0123456789abcdef";
process.env.AUDIT_CHAIN_SECRET ??= SECRET;

test("refusals appended at once are grouped but each is one chained row, committed before its caller resumes", async () => {
  const { db, close } = await openDb(
    undefined,
    mkdtempSync(path.join(tmpdir(), "reel402-audit-group-")),
  );
  try {
    await appendAudit(db, "payment.verified", null, { n: -1 });
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        await appendAuditGrouped(db, { type: "request.refused", jobId: null, data: { n } });
        // Resolved only once committed: the caller's own row is already there.
        const rows = await db.select({ data: auditEvents.data }).from(auditEvents);
        assert.ok(rows.some((r) => (r.data as { n: number }).n === n));
        seen.push(n);
      }),
    );
    await appendAudit(db, "payment.settled", null, { n: 40 });
    const rows = await db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    assert.equal(rows.length, 42);
    assert.equal(seen.length, 40);
    assert.deepEqual(
      rows
        .map((r) => (r.data as { n: number }).n)
        .slice(1, 41)
        .sort((a, b) => a - b),
      Array.from({ length: 40 }, (_, n) => n),
    );
    const result = verifyChain(rows, { secret: namedSecret("audit-chain"), legacyThrough: 0 });
    assert.equal(result.broken, null);
  } finally {
    await close();
  }
});
