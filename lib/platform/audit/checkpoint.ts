import { createHmac } from "node:crypto";
import { asc, desc, eq, gt } from "drizzle-orm";
import {
  type ChainBreak,
  type ChainSummary,
  isKeyed,
  sameText,
  type VerifyOptions,
  verifyChain,
} from "@/lib/platform/audit/chain";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import type { RecordStore } from "@/lib/platform/audit/record-store";

/**
 * The chain's head, kept in the video store (not the database) and signed with the chain key.
 * Whoever holds only the database cannot move it: cutting off the newest events leaves the
 * checkpointed event missing, and the boundary of the legacy plain-hash rows cannot be moved on.
 */
export const CHECKPOINT_RECORD = "audit-checkpoint";

export type Checkpoint = {
  headId: number;
  headHash: string;
  count: number;
  legacyThrough: number;
  writtenAt: string;
};

export class AuditBreakError extends Error {
  constructor(readonly broken: ChainBreak) {
    super(`audit chain broken at event ${broken.id} (${broken.reason})`);
    this.name = "AuditBreakError";
  }
}

function signature(secret: string, c: Checkpoint): string {
  const text = [
    "reel402-audit-checkpoint-v1",
    c.headId,
    c.headHash,
    c.count,
    c.legacyThrough,
    c.writtenAt,
  ].join("\n");
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** The stored checkpoint, or null when none was ever written; throws when it is not signed with this key. */
export async function readCheckpoint(
  store: RecordStore,
  secret: string,
): Promise<Checkpoint | null> {
  const text = await store.readRecord(CHECKPOINT_RECORD);
  if (text === null) return null;
  const parsed = JSON.parse(text) as Checkpoint & { signature?: string };
  const c: Checkpoint = {
    headId: Number(parsed.headId),
    headHash: String(parsed.headHash),
    count: Number(parsed.count),
    legacyThrough: Number(parsed.legacyThrough),
    writtenAt: String(parsed.writtenAt),
  };
  if (!sameText(String(parsed.signature ?? ""), signature(secret, c))) {
    throw new Error(
      "the audit checkpoint's signature does not match AUDIT_CHAIN_SECRET (forged, or written with another key)",
    );
  }
  return c;
}

export async function writeCheckpoint(
  store: RecordStore,
  secret: string,
  c: Checkpoint,
): Promise<void> {
  await store.writeRecord(
    CHECKPOINT_RECORD,
    JSON.stringify({ ...c, signature: signature(secret, c) }),
  );
}

const PAGE = 5_000;

export type StoredChain =
  | { broken: ChainBreak }
  | { broken: null; summary: ChainSummary; watched: { hash: string; countThrough: number } | null };

/**
 * Verifies the stored rows after `afterId` page by page, so a log of millions is never held whole.
 * `watch` names one event (the checkpointed head) whose hash and position are reported back.
 */
export async function verifyStoredChain(
  db: Db,
  options: VerifyOptions & { afterId: number; watch?: number; pageSize?: number },
): Promise<StoredChain> {
  const pageSize = options.pageSize ?? PAGE;
  let { legacyThrough, start } = options;
  let after = options.afterId;
  let count = 0;
  let lastLegacyId = 0;
  let head: ChainSummary["head"] = null;
  let watched: { hash: string; countThrough: number } | null = null;
  for (;;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, after))
      .orderBy(asc(auditEvents.id))
      .limit(pageSize);
    if (page.length === 0) break;
    const result = verifyChain(page, { secret: options.secret, legacyThrough, start });
    if (result.broken) return result;
    const seen = page.find((row) => row.id === options.watch);
    if (seen)
      watched = {
        hash: seen.hash,
        countThrough: count + page.filter((row) => row.id <= seen.id).length,
      };
    count += result.summary.count;
    lastLegacyId = Math.max(lastLegacyId, result.summary.lastLegacyId);
    head = result.summary.head;
    if (!head) break;
    start = head.hash;
    after = head.id;
    // Once a keyed row has been seen, the next pages may hold no plain one.
    if (legacyThrough === null && isKeyed(head.hash)) legacyThrough = lastLegacyId;
    if (page.length < pageSize) break;
  }
  return { broken: null, summary: { count, head, lastLegacyId }, watched };
}

/** Per process: the last checkpoint written or read, so an idle tick costs one indexed query. */
export type CheckpointState = { last?: Checkpoint | null };

/**
 * Extends the checkpoint to the current head, after verifying every event since the last one.
 * A log that no longer extends the checkpoint is never blessed: this throws and the old one stays.
 */
export async function checkpointAuditLog(
  db: Db,
  store: RecordStore,
  secret: string,
  state: CheckpointState,
  now = new Date(),
): Promise<Checkpoint | null> {
  const [head] = await db
    .select({ id: auditEvents.id, hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  if (state.last === undefined) state.last = await readCheckpoint(store, secret);
  const prev = state.last;
  if (!head) {
    if (prev) throw new AuditBreakError({ id: prev.headId, reason: "missing" });
    return null;
  }
  if (prev && prev.headId === head.id && sameText(prev.headHash, head.hash)) return null;
  let next: Checkpoint;
  if (prev) {
    const [anchor] = await db
      .select({ hash: auditEvents.hash })
      .from(auditEvents)
      .where(eq(auditEvents.id, prev.headId));
    if (!anchor) throw new AuditBreakError({ id: prev.headId, reason: "missing" });
    if (!sameText(anchor.hash, prev.headHash))
      throw new AuditBreakError({ id: prev.headId, reason: "checkpoint" });
    const result = await verifyStoredChain(db, {
      secret,
      legacyThrough: prev.legacyThrough,
      start: prev.headHash,
      afterId: prev.headId,
    });
    if (result.broken) throw new AuditBreakError(result.broken);
    const last = result.summary.head ?? head;
    next = {
      headId: last.id,
      headHash: last.hash,
      count: prev.count + result.summary.count,
      legacyThrough: prev.legacyThrough,
      writtenAt: now.toISOString(),
    };
  } else {
    const result = await verifyStoredChain(db, { secret, legacyThrough: null, afterId: 0 });
    if (result.broken) throw new AuditBreakError(result.broken);
    const last = result.summary.head ?? head;
    next = {
      headId: last.id,
      headHash: last.hash,
      count: result.summary.count,
      legacyThrough: result.summary.lastLegacyId,
      writtenAt: now.toISOString(),
    };
  }
  await writeCheckpoint(store, secret, next);
  state.last = next;
  return next;
}
