import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { eq } from "drizzle-orm";

const SECRET = `write-at-commit-${randomBytes(24).toString("hex")}`;
process.env.AUDIT_CHAIN_SECRET = SECRET;

const { appendAudit, auditedTransaction } = await import("@/lib/platform/audit/append");
const { verifyAuditLog } = await import("@/lib/platform/audit/verify-log");
const { createLocalStore } = await import("@/lib/media/storage/local-store");
const { openDb } = await import("@/lib/platform/db/client");
const { auditEvents } = await import("@/lib/platform/db/schema");
const { jobs } = await import("@/lib/jobs/schema");
const { payments } = await import("@/lib/money/schema");
const { insertJobAtCommit } = await import("@/lib/jobs/repository");
const { insertPayment } = await import("@/lib/money/payments/repository");
const { createTestDatabase } = await import("../helpers/database");
const { payerSequence, SPEC } = await import("../helpers/jobs");

type Db = Awaited<ReturnType<typeof openDb>>["db"];

const database = await createTestDatabase();
const postgresDb = await openDb(database.url, "");
const pgliteDb = await openDb(undefined, mkdtempSync(path.join(tmpdir(), "reel402-wac-")));
after(async () => {
  await postgresDb.close();
  await pgliteDb.close();
  await database.drop();
});
const payer = payerSequence(0x3c0);

function paymentOf(jobId: string, from: string, nonce: string) {
  return {
    id: crypto.randomUUID(),
    jobId,
    payer: from,
    amountAtomic: 260_000,
    network: "eip155:31337",
    asset: "0x0000000000000000000000000000000000000001",
    payTo: "0x0000000000000000000000000000000000000002",
    nonce,
    validBefore: Math.floor(Date.now() / 1000) + 600,
    payload: {},
    requirements: {},
    status: "verified" as const,
  };
}

function newJob(jobId: string, from: string) {
  return {
    id: jobId,
    sku: "alpha-fast-custom",
    status: "pending_settlement" as const,
    spec: SPEC,
    payer: from,
    amountAtomic: 260_000,
    network: "eip155:31337",
  };
}

/** A paid request's writes: the job, its payment and their events, in one audited transaction. */
function createPaidJob(
  db: Db,
  jobId: string,
  from: string,
  nonce: string,
  seen?: (n: number) => void,
) {
  return auditedTransaction(db, jobId, async (tx) => {
    await insertJobAtCommit(tx, newJob(jobId, from));
    await insertPayment(tx, paymentOf(jobId, from, nonce));
    await appendAudit(tx, "payment.verified", jobId, { payer: from, nonce });
    // Inside the transaction, before its last statement, the job is not written yet.
    const inside = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId));
    seen?.(inside.length);
  });
}

for (const [kind, opened] of [
  ["postgres", postgresDb],
  ["pglite", pgliteDb],
] as const) {
  const { db } = opened;

  test(`${kind}: deferred writes land with the audit write, a job's payment and events together`, async () => {
    const jobId = crypto.randomUUID();
    const from = payer();
    let inside = -1;
    await createPaidJob(db, jobId, from, `0x${randomBytes(32).toString("hex")}`, (n) => {
      inside = n;
    });
    assert.equal(inside, 0, "the job waits for the transaction's last statement");
    assert.equal((await db.select().from(jobs).where(eq(jobs.id, jobId))).length, 1);
    const [payment] = await db.select().from(payments).where(eq(payments.jobId, jobId));
    assert.equal(payment?.payer, from);
    const events = await db.select().from(auditEvents).where(eq(auditEvents.jobId, jobId));
    assert.deepEqual(events.map((e) => e.type).sort(), ["job.transition", "payment.verified"]);
    const store = createLocalStore({
      dir: mkdtempSync(path.join(tmpdir(), "reel402-wac-store-")),
      secret: "unused-link-secret-0123456789abcdef",
    });
    const verdict = await verifyAuditLog(db, store, SECRET);
    assert.match(verdict.message, /audit chain links and keys hold/);
  });

  test(`${kind}: a unique key broken by a deferred write rolls the whole transaction back`, async () => {
    const from = payer();
    const nonce = `0x${randomBytes(32).toString("hex")}`;
    await createPaidJob(db, crypto.randomUUID(), from, nonce);
    const copy = crypto.randomUUID();
    await assert.rejects(createPaidJob(db, copy, from, nonce), (error: unknown) => {
      const text = `${(error as Error).message} ${String((error as { cause?: unknown }).cause)}`;
      return /payments_authorization_uq|duplicate key/.test(text);
    });
    assert.equal((await db.select().from(jobs).where(eq(jobs.id, copy))).length, 0);
    assert.equal(
      (await db.select().from(auditEvents).where(eq(auditEvents.jobId, copy))).length,
      0,
    );
  });

  test(`${kind}: outside an audited transaction a deferred write is made at once`, async () => {
    const jobId = crypto.randomUUID();
    const from = payer();
    await insertJobAtCommit(db, newJob(jobId, from));
    assert.equal((await db.select().from(jobs).where(eq(jobs.id, jobId))).length, 1);
    await insertPayment(db, paymentOf(jobId, from, `0x${randomBytes(32).toString("hex")}`));
    assert.equal((await db.select().from(payments).where(eq(payments.jobId, jobId))).length, 1);
  });
}
