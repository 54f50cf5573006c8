import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { type Db, openDb } from "@/lib/platform/db/client";
import { dispatchOutbox } from "@/lib/platform/outbox/dispatch-outbox";
import { startOutboxDispatcher } from "@/lib/platform/outbox/outbox-dispatcher";
import { outboxHandlers } from "@/lib/server/workflow/outbox-handlers";
import { insertJob } from "@/lib/jobs/repository";
import { insertPayment } from "@/lib/money/payments/repository";
import { endUserId } from "@/lib/jobs/providers/attempt-identity";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";

/**
 * A migrated PGlite database in a temp folder, for tests that drive jobs in-process. Its outbox
 * is carried out as the server process does it (woken at each commit), until it is closed.
 */
export async function tempDb() {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-db-"));
  const opened = await openDb(undefined, dir);
  const outbox = await startOutboxDispatcher(opened.db, undefined, outboxHandlers());
  return {
    ...opened,
    dir,
    close: async () => {
      await outbox.stop();
      await opened.close();
    },
  };
}

/** Carries out what the outbox holds now, for a test that looks at the effects at once. */
export async function drainOutbox(db: Db): Promise<void> {
  while ((await dispatchOutbox(db, outboxHandlers())).claimed > 0);
}

export type TempDb = Awaited<ReturnType<typeof tempDb>>;

/** One tempDb for a test file: opened before its tests (handed to `use`), closed after them. */
export function tempDbForSuite(use: (opened: TempDb) => void): void {
  let opened: TempDb | undefined;
  before(async () => {
    opened = await tempDb();
    use(opened);
  });
  after(() => opened?.close());
}

/** For tests that each want a database of their own: opens one per call, all closed after the file. */
export function tempDbPerTest(): () => Promise<TempDb> {
  const opened: TempDb[] = [];
  after(async () => {
    for (const o of opened) await o.close();
  });
  return async () => {
    const db = await tempDb();
    opened.push(db);
    return db;
  };
}

/** Fresh wallet addresses counting up from `start`, so one test's jobs never count against another's. */
export function payerSequence(start: number): () => string {
  let next = start;
  return () => `0x${(next++).toString(16).padStart(40, "0")}`;
}

export const SPEC: GenerationSpec = {
  model: "alpha-2.0-fast",
  prompt: "a paper lantern drifting over a lake",
  durationSeconds: 4,
  resolution: "480p",
  ratio: "16:9",
  seed: 7,
  generateAudio: false,
  cameraFixed: null,
};

/** A paid job as the paid request leaves it: queued and due now. */
export async function queuedJob(
  db: Awaited<ReturnType<typeof tempDb>>["db"],
  payer: string,
  spec: GenerationSpec = SPEC,
) {
  const now = new Date();
  return insertJob(db, {
    id: crypto.randomUUID(),
    sku: "alpha-fast-custom",
    status: "queued",
    spec,
    payer,
    amountAtomic: 260_000,
    network: "eip155:31337",
    queuedAt: now,
    runAfter: now,
  });
}

/** The attempt wiring advance() needs, as on a service with no public origin: polling only. */
export const POLLING_ONLY = {
  endUserOf: (payer: string) => endUserId("test-end-user-secret", payer),
  callbackUrlOf: () => null,
};

/** What a scripted test upstream shares with every other: no camera_fixed, no lost submits. */
export const SCRIPTED_UPSTREAM = {
  honoursCameraFixed: false,
  executionLimitSeconds: () => null,
  findSubmitted: async () => null,
};

/** A settled payment for a job, as the checkout records one once the chain confirmed it. */
export async function settledPaymentFor(
  db: Db,
  job: { id: string; payer: string; amountAtomic: number },
): Promise<void> {
  await insertPayment(db, {
    id: crypto.randomUUID(),
    jobId: job.id,
    payer: job.payer,
    amountAtomic: job.amountAtomic,
    network: "eip155:31337",
    asset: "0x0000000000000000000000000000000000000001",
    payTo: "0x0000000000000000000000000000000000000002",
    nonce: `0x${crypto.randomUUID().replaceAll("-", "")}`,
    validBefore: Math.floor(Date.now() / 1000) + 600,
    payload: {},
    requirements: {},
    status: "settled",
    settledAt: new Date(),
  });
}
