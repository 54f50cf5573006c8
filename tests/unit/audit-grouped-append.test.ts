import assert from "node:assert/strict";
import { test } from "node:test";
import { asc, sql } from "drizzle-orm";
import { appendAudit } from "@/lib/platform/audit/append";
import { verifyChain } from "@/lib/platform/audit/chain";
import { namedSecret } from "@/lib/platform/secrets/named-secret";
import { createAuditQueues } from "@/lib/platform/audit/grouped-append";
import { auditEvents } from "@/lib/platform/db/schema";
import { tempDbPerTest } from "../helpers/jobs";

const SECRET = "grouped-append-test-secret-0123456789abcdef";
process.env.AUDIT_CHAIN_SECRET ??= SECRET;
const freshDb = tempDbPerTest();
const { append: appendAuditLater, flush: flushAuditQueue } = createAuditQueues(() => {});

test("refusals recorded at once answer without waiting, then land as few grouped writes of one chained row each", async () => {
  const { db } = await freshDb();
  await appendAudit(db, "payment.verified", null, { n: -1 });
  for (let n = 0; n < 40; n++)
    appendAuditLater(db, { type: "request.refused", jobId: null, data: { n } });
  await flushAuditQueue(db);
  await appendAudit(db, "payment.settled", null, { n: 40 });
  const rows = await db.select().from(auditEvents).orderBy(asc(auditEvents.id));
  assert.equal(rows.length, 42);
  assert.deepEqual(
    rows.map((r) => (r.data as { n: number }).n),
    Array.from({ length: 42 }, (_, i) => i - 1),
  );
  // One write for the 40: they share its timestamp, and one lane.
  const grouped = rows.slice(1, 41);
  assert.equal(new Set(grouped.map((r) => r.at.getTime())).size, 1);
  assert.equal(new Set(grouped.map((r) => r.lane)).size, 1);
  for (const lane of new Set(rows.map((r) => r.lane))) {
    const chained = rows.filter((r) => r.lane === lane);
    const result = verifyChain(chained, { secret: namedSecret("audit-chain"), legacyThrough: 0 });
    assert.equal(result.broken, null);
  }
});

test("queued refusals are written on their own shortly after, without a flush", async () => {
  const { db } = await freshDb();
  appendAuditLater(db, { type: "request.refused", jobId: null, data: { n: 1 } });
  const deadline = Date.now() + 5_000;
  while ((await db.select().from(auditEvents)).length === 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal((await db.select().from(auditEvents)).length, 1);
});

test("refusals whose write fails are kept, tried again, and land once each when the database takes them", async () => {
  const { db } = await freshDb();
  // A real refusal by the database: a trigger that rejects inserts while the switch is on.
  await db.execute(sql`create table audit_switch (refusing boolean not null)`);
  await db.execute(sql`insert into audit_switch values (true)`);
  await db.execute(sql`create function audit_refuse() returns trigger language plpgsql as $$
    begin
      if (select refusing from audit_switch) then raise exception 'audit writes refused'; end if;
      return new;
    end $$`);
  await db.execute(
    sql`create trigger audit_refuse before insert on audit_events for each row execute function audit_refuse()`,
  );
  for (let n = 0; n < 3; n++)
    appendAuditLater(db, { type: "request.refused", jobId: null, data: { n } });
  await flushAuditQueue(db);
  assert.equal((await db.select().from(auditEvents)).length, 0);
  await db.execute(sql`update audit_switch set refusing = false`);
  const deadline = Date.now() + 10_000;
  while ((await db.select().from(auditEvents)).length < 3 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const rows = await db.select().from(auditEvents).orderBy(asc(auditEvents.id));
  assert.deepEqual(
    rows.map((r) => (r.data as { n: number }).n),
    [0, 1, 2],
  );
  const result = verifyChain(rows, { secret: namedSecret("audit-chain"), legacyThrough: 0 });
  assert.equal(result.broken, null);
});
