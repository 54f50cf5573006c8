import { type ChainBreak, explainBreak } from "@/lib/platform/audit/chain";
import {
  type Checkpoint,
  readCheckpoint,
  verifyStoredChain,
} from "@/lib/platform/audit/checkpoint";
import type { Db } from "@/lib/platform/db/client";
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

/** The whole log against its key and the checkpoint kept outside the database. Reads only. */
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
  const result = await verifyStoredChain(db, {
    secret,
    legacyThrough: checkpoint?.legacyThrough ?? null,
    afterId: 0,
    watch: checkpoint?.headId,
  });
  const broken = (b: ChainBreak, events = 0): AuditVerdict => ({
    intact: false,
    events,
    checkpoint,
    broken: b,
    message: `audit log BROKEN at ${explainBreak(b)}${events ? `; ${events} events read` : ""}`,
  });
  if (result.broken) return broken(result.broken);
  const { count, head } = result.summary;
  if (checkpoint) {
    if (!result.watched) return broken({ id: checkpoint.headId, reason: "missing" }, count);
    if (result.watched.hash !== checkpoint.headHash)
      return broken({ id: checkpoint.headId, reason: "checkpoint" }, count);
    if (result.watched.countThrough !== checkpoint.count)
      return broken({ id: checkpoint.headId, reason: "count" }, count);
  } else if (count > 0) {
    return {
      intact: false,
      events: count,
      checkpoint,
      broken: null,
      message: `audit chain links and keys hold over ${count} events, but the video store has NO CHECKPOINT: cutting off the newest events cannot be ruled out (the service writes one on each maintenance tick)`,
    };
  }
  const at = checkpoint
    ? `; checkpoint at event ${checkpoint.headId} (${checkpoint.writtenAt})`
    : "";
  const legacy = checkpoint?.legacyThrough
    ? `; events up to ${checkpoint.legacyThrough} predate the key (plain SHA-256)`
    : "";
  return {
    intact: true,
    events: count,
    checkpoint,
    broken: null,
    message: `audit log intact: ${count} events, head ${head?.id ?? "(empty)"}${at}${legacy}`,
  };
}
