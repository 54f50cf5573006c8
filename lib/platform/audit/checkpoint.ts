import { createHmac } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import {
  type ChainBreak,
  type ChainSummary,
  sameText,
  type VerifyOptions,
  verifyChain,
} from "@/lib/platform/audit/chain";
import { AUDIT_LANES } from "@/lib/platform/audit/lanes";
import type { Db } from "@/lib/platform/db/client";
import { executeRows } from "@/lib/platform/db/execute-rows";
import { auditEvents } from "@/lib/platform/db/schema";
import type { RecordStore } from "@/lib/platform/audit/record-store";

/**
 * Every lane's head, kept in the video store (not the database) and signed with the chain key.
 * Whoever holds only the database cannot move it: cutting off the newest events of any lane
 * leaves its checkpointed event missing, and the boundary of the legacy plain-hash rows cannot be
 * moved on.
 */
export const CHECKPOINT_RECORD = "audit-checkpoint";

/** One lane's newest event when the checkpoint was written, and how many events the lane held. */
export type LaneHead = { lane: number; headId: number; headHash: string; count: number };

export type Checkpoint = {
  /** The lanes that held events, in lane order. */
  lanes: LaneHead[];
  legacyThrough: number;
  writtenAt: string;
};

export class AuditBreakError extends Error {
  constructor(readonly broken: ChainBreak) {
    super(`audit chain broken at event ${broken.id} (${broken.reason})`);
    this.name = "AuditBreakError";
  }
}

/** Events in all lanes. */
export const checkpointCount = (c: Checkpoint) => c.lanes.reduce((n, l) => n + l.count, 0);

function signature(secret: string, c: Checkpoint): string {
  const text = [
    "reel402-audit-checkpoint-v2",
    c.legacyThrough,
    c.writtenAt,
    ...c.lanes.map((l) => `${l.lane} ${l.headId} ${l.headHash} ${l.count}`),
  ].join("\n");
  return createHmac("sha256", secret).update(text).digest("hex");
}

type SingleHead = { headId: number; headHash: string; count: number; legacyThrough: number };

/** How checkpoints were signed while the log was one chain; read, never written any more. */
function singleHeadSignature(secret: string, c: SingleHead & { writtenAt: string }): string {
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

/**
 * The stored checkpoint, or null when none was ever written; throws when it is not signed with
 * this key. A checkpoint from when the log was one chain reads as lane 0's head (those rows are
 * lane 0 since).
 */
export async function readCheckpoint(
  store: RecordStore,
  secret: string,
): Promise<Checkpoint | null> {
  const text = await store.readRecord(CHECKPOINT_RECORD);
  if (text === null) return null;
  const parsed = JSON.parse(text) as Partial<Checkpoint & SingleHead> & { signature?: string };
  const writtenAt = String(parsed.writtenAt);
  const legacyThrough = Number(parsed.legacyThrough);
  let c: Checkpoint;
  let expected: string;
  if (Array.isArray(parsed.lanes)) {
    c = {
      lanes: parsed.lanes.map((l) => ({
        lane: Number(l.lane),
        headId: Number(l.headId),
        headHash: String(l.headHash),
        count: Number(l.count),
      })),
      legacyThrough,
      writtenAt,
    };
    expected = signature(secret, c);
  } else {
    const single = {
      headId: Number(parsed.headId),
      headHash: String(parsed.headHash),
      count: Number(parsed.count),
      legacyThrough,
      writtenAt,
    };
    expected = singleHeadSignature(secret, single);
    const { headId, headHash, count } = single;
    c = { lanes: [{ lane: 0, headId, headHash, count }], legacyThrough, writtenAt };
  }
  if (!sameText(String(parsed.signature ?? ""), expected)) {
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
 * Verifies one lane's stored rows after `afterId` page by page, so a log of millions is never held
 * whole. `watch` names one event (the lane's checkpointed head) whose hash and position are
 * reported back. Paging by id within one lane is safe while writers append: a lane's ids are drawn
 * under its lock, so none of them commits behind a later one.
 */
export async function verifyStoredChain(
  db: Db,
  options: VerifyOptions & { lane: number; afterId: number; watch?: number; pageSize?: number },
): Promise<StoredChain> {
  const pageSize = options.pageSize ?? PAGE;
  const { legacyThrough, lane } = options;
  let start = options.start;
  let after = options.afterId;
  let count = 0;
  let lastLegacyId = 0;
  let head: ChainSummary["head"] = null;
  let watched: { hash: string; countThrough: number } | null = null;
  for (;;) {
    const page = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.lane, lane), gt(auditEvents.id, after)))
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
    if (page.length < pageSize) break;
  }
  return { broken: null, summary: { count, head, lastLegacyId }, watched };
}

/** Each lane's newest event, in lane order (lanes without events left out): one probe per lane. */
export async function laneHeads(db: Db): Promise<{ lane: number; id: number; hash: string }[]> {
  const rows = await executeRows<{ lane: number; id: string; hash: string }>(
    db,
    sql`select l.lane, h.id::text as id, h.hash
        from generate_series(0, ${AUDIT_LANES - 1}) as l(lane)
        cross join lateral (
          select ${auditEvents.id} as id, ${auditEvents.hash} as hash from ${auditEvents}
          where ${auditEvents.lane} = l.lane order by ${auditEvents.id} desc limit 1
        ) as h
        order by l.lane`,
  );
  return rows.map((r) => ({ lane: Number(r.lane), id: Number(r.id), hash: r.hash }));
}

/** Per process: the last checkpoint written or read, so an idle tick costs one indexed query. */
export type CheckpointState = { last?: Checkpoint | null };

/**
 * Extends the checkpoint to every lane's current head, after verifying every event since the
 * lane's last one. A log that no longer extends the checkpoint is never blessed: this throws and
 * the old one stays.
 */
export async function checkpointAuditLog(
  db: Db,
  store: RecordStore,
  secret: string,
  state: CheckpointState,
  now = new Date(),
): Promise<Checkpoint | null> {
  const heads = await laneHeads(db);
  if (state.last === undefined) state.last = await readCheckpoint(store, secret);
  const prev = state.last;
  const before = new Map(prev?.lanes.map((l) => [l.lane, l]));
  for (const l of before.values())
    if (!heads.some((h) => h.lane === l.lane))
      throw new AuditBreakError({ id: l.headId, reason: "missing" });
  const legacyThrough = prev ? prev.legacyThrough : null;
  const lanes: LaneHead[] = [];
  let changed = false;
  let lastLegacyId = 0;
  for (const head of heads) {
    const last = before.get(head.lane);
    if (last && last.headId === head.id && sameText(last.headHash, head.hash)) {
      lanes.push(last);
      continue;
    }
    changed = true;
    if (last) await checkAnchor(db, last);
    const result = await verifyStoredChain(db, {
      secret,
      lane: head.lane,
      legacyThrough,
      start: last?.headHash,
      afterId: last?.headId ?? 0,
    });
    if (result.broken) throw new AuditBreakError(result.broken);
    const reached = result.summary.head ?? head;
    lastLegacyId = Math.max(lastLegacyId, result.summary.lastLegacyId);
    lanes.push({
      lane: head.lane,
      headId: reached.id,
      headHash: reached.hash,
      count: (last?.count ?? 0) + result.summary.count,
    });
  }
  if (!changed) return null;
  const next: Checkpoint = {
    lanes,
    // Plain rows only ever began lane 0: their boundary is fixed by the first checkpoint.
    legacyThrough: legacyThrough ?? lastLegacyId,
    writtenAt: now.toISOString(),
  };
  await writeCheckpoint(store, secret, next);
  state.last = next;
  return next;
}

/** The lane's checkpointed head is still there, unchanged, in its lane. */
async function checkAnchor(db: Db, last: LaneHead): Promise<void> {
  const [anchor] = await db
    .select({ hash: auditEvents.hash, lane: auditEvents.lane })
    .from(auditEvents)
    .where(eq(auditEvents.id, last.headId));
  if (!anchor) throw new AuditBreakError({ id: last.headId, reason: "missing" });
  if (anchor.lane !== last.lane) throw new AuditBreakError({ id: last.headId, reason: "lane" });
  if (!sameText(anchor.hash, last.headHash))
    throw new AuditBreakError({ id: last.headId, reason: "checkpoint" });
}
