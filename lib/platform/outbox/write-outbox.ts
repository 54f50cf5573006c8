import type { Db } from "@/lib/platform/db/client";
import { outbox } from "@/lib/platform/db/schema";
import { notifyAtCommit } from "@/lib/platform/audit/append";

/** Dispatchers LISTEN here; a NOTIFY sent in a transaction is delivered when (and if) it commits. */
export const OUTBOX_CHANNEL = "reel402_outbox";

export type OutboxPayload = Record<string, unknown>;

/**
 * Records a side effect of the caller's state change in the caller's transaction, and wakes the
 * dispatchers at commit. Rolled back with the change, so an effect never runs for a change that
 * did not happen, and never is lost for one that did.
 */
export async function writeOutbox(db: Db, topic: string, payload: OutboxPayload): Promise<void> {
  await db.insert(outbox).values({ topic, payload });
  await notifyAtCommit(db, OUTBOX_CHANNEL, "");
}
