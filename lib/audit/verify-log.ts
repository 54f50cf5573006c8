import { type ChainBreak, explainBreak, verifyChain } from "@/lib/audit/chain";
import { auditRowsFrom, type Checkpoint, readCheckpoint } from "@/lib/audit/checkpoint";
import type { Db } from "@/lib/db/client";
import type { VideoStore } from "@/lib/storage/types";

export type AuditVerdict = {
  intact: boolean;
  events: number;
  head: { id: number; hash: string } | null;
  checkpoint: Checkpoint | null;
  /** The first event that does not hold, when one does not. */
  broken: ChainBreak | null;
  /** One line for the operator. */
  message: string;
};

/** The whole log against its key and the checkpoint kept outside the database. Reads only. */
export async function verifyAuditLog(db: Db, store: VideoStore, secret: string): Promise<AuditVerdict> {
  let checkpoint: Checkpoint | null;
  try {
    checkpoint = await readCheckpoint(store, secret);
  } catch (error) {
    return { intact: false, events: 0, head: null, checkpoint: null, broken: null, message: `audit checkpoint unusable: ${(error as Error).message}` };
  }
  const rows = await auditRowsFrom(db, 0);
  const head = rows.at(-1) ?? null;
  const base = { events: rows.length, head: head && { id: head.id, hash: head.hash }, checkpoint };
  const broken = (b: ChainBreak): AuditVerdict => ({ ...base, intact: false, broken: b, message: `audit log BROKEN at ${explainBreak(b)}; ${rows.length} events read` });

  const result = verifyChain(rows, { secret, legacyThrough: checkpoint?.legacyThrough ?? null });
  if (result.broken) return broken(result.broken);
  if (checkpoint) {
    const anchor = rows.find((r) => r.id === checkpoint.headId);
    if (!anchor) return broken({ id: checkpoint.headId, reason: "missing" });
    if (anchor.hash !== checkpoint.headHash) return broken({ id: checkpoint.headId, reason: "checkpoint" });
    if (rows.filter((r) => r.id <= checkpoint.headId).length !== checkpoint.count) return broken({ id: checkpoint.headId, reason: "count" });
  } else if (rows.length > 0) {
    return {
      ...base,
      intact: false,
      broken: null,
      message: `audit chain links and keys hold over ${rows.length} events, but the video store has NO CHECKPOINT: cutting off the newest events cannot be ruled out (the service writes one on each maintenance tick)`,
    };
  }
  const at = checkpoint ? `; checkpoint at event ${checkpoint.headId} (${checkpoint.writtenAt})` : "";
  const legacy = checkpoint?.legacyThrough ? `; events up to ${checkpoint.legacyThrough} predate the key (plain SHA-256)` : "";
  return { ...base, intact: true, broken: null, message: `audit log intact: ${rows.length} events, head ${head?.id ?? "(empty)"}${at}${legacy}` };
}
