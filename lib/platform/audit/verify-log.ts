import { asc, gte, lt, or } from "drizzle-orm";
import { type ChainBreak, explainBreak } from "@/lib/platform/audit/chain";
import {
  type Checkpoint,
  readCheckpoint,
  verifyStoredChain,
} from "@/lib/platform/audit/checkpoint";
import { AUDIT_LANES } from "@/lib/platform/audit/lanes";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import type { RecordStore } from "@/lib/platform/audit/record-store";

export type AuditVerdict = {
  intact: boolean;
  events: number;
  checkpoint: Checkpoint | null;
  /** The first event that does not hold, when one does not. */
  broken: ChainBreak | null;
  /** One line for the operator. */
  message: string;
};

/** The whole log, lane by lane, against its key and the checkpoint kept outside the database. Reads only. */
export async function verifyAuditLog(
  db: Db,
  store: RecordStore,
  secret: string,
): Promise<AuditVerdict> {
  let checkpoint: Checkpoint | null;
  try {
    checkpoint = await readCheckpoint(store, secret);
  } catch (error) {
    return {
      intact: false,
      events: 0,
      checkpoint: null,
      broken: null,
      message: `audit checkpoint unusable: ${(error as Error).message}`,
    };
  }
  const broken = (b: ChainBreak, events = 0): AuditVerdict => ({
    intact: false,
    events,
    checkpoint,
    broken: b,
    message: `audit log BROKEN at ${explainBreak(b)}${events ? `; ${events} events read` : ""}`,
  });
  // Rows outside every lane would escape the walk below (the range constraint may be dropped).
  const [stray] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(or(lt(auditEvents.lane, 0), gte(auditEvents.lane, AUDIT_LANES)))
    .orderBy(asc(auditEvents.id))
    .limit(1);
  if (stray) return broken({ id: stray.id, reason: "lane" });
  let count = 0;
  let head = 0;
  let used = 0;
  for (let lane = 0; lane < AUDIT_LANES; lane++) {
    const mark = checkpoint?.lanes.find((l) => l.lane === lane);
    const result = await verifyStoredChain(db, {
      secret,
      lane,
      legacyThrough: checkpoint?.legacyThrough ?? null,
      afterId: 0,
      watch: mark?.headId,
    });
    if (result.broken) return broken(result.broken, count);
    count += result.summary.count;
    head = Math.max(head, result.summary.head?.id ?? 0);
    if (result.summary.count) used++;
    if (!mark) continue;
    if (!result.watched) return broken({ id: mark.headId, reason: "missing" }, count);
    if (result.watched.hash !== mark.headHash)
      return broken({ id: mark.headId, reason: "checkpoint" }, count);
    if (result.watched.countThrough !== mark.count)
      return broken({ id: mark.headId, reason: "count" }, count);
  }
  if (!checkpoint && count > 0) {
    return {
      intact: false,
      events: count,
      checkpoint,
      broken: null,
      message: `audit chain links and keys hold over ${count} events, but the video store has NO CHECKPOINT: cutting off the newest events cannot be ruled out (the service writes one on each maintenance tick)`,
    };
  }
  const at = checkpoint
    ? `; checkpoint at event ${Math.max(0, ...checkpoint.lanes.map((l) => l.headId))} (${checkpoint.writtenAt})`
    : "";
  const legacy = checkpoint?.legacyThrough
    ? `; events up to ${checkpoint.legacyThrough} predate the key (plain SHA-256)`
    : "";
  return {
    intact: true,
    events: count,
    checkpoint,
    broken: null,
    message: `audit log intact: ${count} events, head ${head || "(empty)"}${at}${legacy}; ${used} of ${AUDIT_LANES} lanes in use`,
  };
}
