import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { outbox } from "@/lib/platform/db/schema";
import { payments } from "@/lib/money/schema";
import { insertJob } from "@/lib/jobs/repository";
import { dispatchOutbox } from "@/lib/platform/outbox/dispatch-outbox";
import { writeOutbox } from "@/lib/platform/outbox/write-outbox";
import { insertPayment, StalePaymentError, updatePayment } from "@/lib/money/payments/repository";
import postgres from "postgres";
import { openDb } from "@/lib/platform/db/client";
import { createTestDatabase } from "../helpers/database";
import { waitFor } from "../helpers/poll";
import { SPEC } from "../helpers/jobs";

/**
 * On a real Postgres, with no audit lock taken: the status WHERE clause alone decides a race, and
 * outbox rows go to one dispatcher each.
 */

let db: Db;
let url: string;
let close: () => Promise<void>;
before(async () => {
  const created = await createTestDatabase();
  const opened = await openDb(created.url, "");
  ({ db, url } = { db: opened.db, url: created.url });
  close = async () => {
    await opened.close();
    await created.drop();
  };
});
after(() => close());

async function verifiedPayment(n: number): Promise<string> {
  const payer = `0x${n.toString(16).padStart(40, "0")}`;
  const job = await insertJob(db, {
    id: crypto.randomUUID(),
    sku: "alpha-fast-custom",
    status: "pending_settlement",
    spec: SPEC,
    payer,
    amountAtomic: 260_000,
    network: "eip155:31337",
  });
  const id = crypto.randomUUID();
  await insertPayment(db, {
    id,
    jobId: job.id,
    payer,
    amountAtomic: 260_000,
    network: "eip155:31337",
    asset: `0x${"ab".repeat(20)}`,
    payTo: `0x${"cd".repeat(20)}`,
    nonce: `0x${n.toString(16).padStart(64, "0")}`,
    validBefore: 2_000_000_000,
    payload: {},
    requirements: {},
    status: "verified",
  });
  return id;
}

test("of verified→settled and verified→failed racing, the loser throws and never overwrites", async () => {
  for (const first of ["settled", "failed"] as const) {
    const id = await verifiedPayment(first === "settled" ? 1 : 2);
    const second = first === "settled" ? "failed" : "settled";
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let winnerMoved!: () => void;
    const moved = new Promise<void>((r) => {
      winnerMoved = r;
    });
    // The winner moves the row and holds its transaction open; the loser's UPDATE waits on the
    // row lock, then finds the row no longer verified.
    const winner = db.transaction(async (tx) => {
      await updatePayment(tx, id, "verified", { status: first, failureReason: "first" });
      winnerMoved();
      await held;
    });
    await moved;
    const loser = updatePayment(db, id, "verified", { status: second, failureReason: "second" });
    const settledLoser = loser.then(
      () => "moved",
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 200));
    release();
    await winner;
    const outcome = await settledLoser;
    assert.ok(outcome instanceof StalePaymentError, `the ${second} move lost`);
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    assert.equal(row?.status, first);
    assert.equal(row?.failureReason, "first");
  }
});

test("two dispatchers draining at once carry out each row exactly once (SKIP LOCKED)", async () => {
  await db.transaction(async (tx) => {
    for (let i = 0; i < 60; i++) await writeOutbox(tx, "count.topic", { i });
  });
  const seen: number[] = [];
  const handlers = {
    "count.topic": async (_tx: Db, p: Record<string, unknown>) => {
      await new Promise((r) => setTimeout(r, 2));
      seen.push(p.i as number);
    },
  };
  const drain = async () => {
    while ((await dispatchOutbox(db, handlers, 7)).claimed > 0);
  };
  await Promise.all([drain(), drain(), drain()]);
  assert.equal(seen.length, 60);
  assert.equal(new Set(seen).size, 60);
  const left = await db.select().from(outbox).where(eq(outbox.topic, "count.topic"));
  assert.ok(left.every((r) => r.dispatchedAt !== null));
});

test("rows a dispatcher held when it died are skipped while held, then carried out by another", async () => {
  await db.transaction((tx) => writeOutbox(tx, "crash.topic", { i: 1 }));
  const seen: unknown[] = [];
  const handlers = {
    "crash.topic": async (_tx: Db, p: Record<string, unknown>) => void seen.push(p),
  };
  // A process that claimed the row (FOR UPDATE) and then died: its connection drops uncommitted.
  const dying = postgres(url, { max: 1, onnotice: () => {} });
  const reserved = await dying.reserve();
  await reserved`begin`;
  const held =
    await reserved`select id from outbox where topic = 'crash.topic' and dispatched_at is null for update`;
  assert.equal(held.length, 1);
  assert.equal((await dispatchOutbox(db, handlers)).claimed, 0, "a held row is skipped");
  await dying.end({ timeout: 0 });
  await waitFor(
    "the dead claim released",
    async () => (await dispatchOutbox(db, handlers)).dispatched,
  );
  assert.deepEqual(seen, [{ i: 1 }]);
});
