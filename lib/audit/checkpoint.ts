import { createHmac } from "node:crypto";
import { asc, desc, gte } from "drizzle-orm";
import { type AuditRow, type ChainBreak, sameText, verifyChain } from "@/lib/audit/chain";
import type { Db } from "@/lib/db/client";
import { auditEvents } from "@/lib/db/schema";
import type { VideoStore } from "@/lib/storage/types";

/**
 * The chain's head, kept in the video store (not the database) and signed with the chain key.
 * Whoever holds only the database cannot move it: cutting off the newest events leaves the
 * checkpointed event missing, and the boundary of the legacy plain-hash rows cannot be moved on.
 */
export const CHECKPOINT_RECORD = "audit-checkpoint";

export type Checkpoint = { headId: number; headHash: string; count: number; legacyThrough: number; writtenAt: string };

export class AuditBreakError extends Error {
  constructor(readonly broken: ChainBreak) {
    super(`audit chain broken at event ${broken.id} (${broken.reason})`);
    this.name = "AuditBreakError";
  }
}

function signature(secret: string, c: Checkpoint): string {
  const text = ["reel402-audit-checkpoint-v1", c.headId, c.headHash, c.count, c.legacyThrough, c.writtenAt].join("\n");
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** The stored checkpoint, or null when none was ever written; throws when it is not signed with this key. */
export async function readCheckpoint(store: VideoStore, secret: string): Promise<Checkpoint | null> {
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
    throw new Error("the audit checkpoint's signature does not match AUDIT_CHAIN_SECRET (forged, or written with another key)");
  }
  return c;
}

export async function writeCheckpoint(store: VideoStore, secret: string, c: Checkpoint): Promise<void> {
  await store.writeRecord(CHECKPOINT_RECORD, JSON.stringify({ ...c, signature: signature(secret, c) }));
}

export function auditRowsFrom(db: Db, fromId: number): Promise<AuditRow[]> {
  return db.select().from(auditEvents).where(gte(auditEvents.id, fromId)).orderBy(asc(auditEvents.id));
}

/** Per process: the last checkpoint written or read, so an idle tick costs one indexed query. */
export type CheckpointState = { last?: Checkpoint | null };

/**
 * Extends the checkpoint to the current head, after verifying every event since the last one.
 * A log that no longer extends the checkpoint is never blessed: this throws and the old one stays.
 */
export async function checkpointAuditLog(db: Db, store: VideoStore, secret: string, state: CheckpointState, now = new Date()): Promise<Checkpoint | null> {
  const [head] = await db.select({ id: auditEvents.id, hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  if (state.last === undefined) state.last = await readCheckpoint(store, secret);
  const prev = state.last;
  if (!head) {
    if (prev) throw new AuditBreakError({ id: prev.headId, reason: "missing" });
    return null;
  }
  if (prev && prev.headId === head.id && sameText(prev.headHash, head.hash)) return null;
  const rows = await auditRowsFrom(db, prev?.headId ?? 0);
  let next: Checkpoint;
  if (prev) {
    const anchor = rows[0];
    if (!anchor || anchor.id !== prev.headId) throw new AuditBreakError({ id: prev.headId, reason: "missing" });
    if (!sameText(anchor.hash, prev.headHash)) throw new AuditBreakError({ id: prev.headId, reason: "checkpoint" });
    const result = verifyChain(rows.slice(1), { secret, legacyThrough: prev.legacyThrough, start: prev.headHash });
    if (result.broken) throw new AuditBreakError(result.broken);
    const last = result.summary.head ?? head;
    next = { headId: last.id, headHash: last.hash, count: prev.count + result.summary.count, legacyThrough: prev.legacyThrough, writtenAt: now.toISOString() };
  } else {
    const result = verifyChain(rows, { secret, legacyThrough: null });
    if (result.broken) throw new AuditBreakError(result.broken);
    const last = result.summary.head ?? head;
    next = { headId: last.id, headHash: last.hash, count: result.summary.count, legacyThrough: result.summary.lastLegacyId, writtenAt: now.toISOString() };
  }
  await writeCheckpoint(store, secret, next);
  state.last = next;
  return next;
}
