import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";

export type KeyRow = typeof idempotencyKeys.$inferSelect;

/** Printable ASCII, as the IETF Idempotency-Key draft's examples; long enough for a UUID or more. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The live row for a key; an expired one is deleted and treated as unknown. */
export async function findLiveKey(
  db: Db,
  key: string,
  now = new Date(),
): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key))
    .limit(1);
  if (row && row.expiresAt <= now) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    return undefined;
  }
  return row;
}

export async function claimKey(
  db: Db,
  key: string,
  requestHash: string,
  jobId: string,
  ttlSeconds: number,
): Promise<void> {
  await db.insert(idempotencyKeys).values({
    key,
    requestHash,
    jobId,
    state: "in_flight",
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
}

export async function completeKey(db: Db, key: string, response: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: "completed", response })
    .where(eq(idempotencyKeys.key, key));
}

export async function releaseKey(db: Db, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
}

/** The key a job was created under, if any. */
export async function findKeyForJob(db: Db, jobId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.jobId, jobId))
    .limit(1);
  return row?.key ?? null;
}
