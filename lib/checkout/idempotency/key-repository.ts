import { and, eq, isNull } from "drizzle-orm";
import { type Db, writeAtCommit } from "@/lib/platform";
import { type IdempotencyKind, idempotencyKeys } from "@/lib/checkout/schema";

export type KeyRow = typeof idempotencyKeys.$inferSelect;

/**
 * One store, two namespaces: `header` holds the spec's Idempotency-Key, `payment` holds x402's
 * payment-identifier ids. The same string in each is two different keys.
 */
export type KeyKind = IdempotencyKind;

/** Printable ASCII, as the IETF Idempotency-Key draft's examples; long enough for a UUID or more. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

const byKey = (kind: KeyKind, key: string) =>
  and(eq(idempotencyKeys.kind, kind), eq(idempotencyKeys.key, key));

/** The live row for a key; an expired one is deleted and treated as unknown. */
export async function findLiveKey(
  db: Db,
  key: string,
  now = new Date(),
  kind: KeyKind = "header",
): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(idempotencyKeys).where(byKey(kind, key)).limit(1);
  if (row && row.expiresAt <= now) {
    await db.delete(idempotencyKeys).where(byKey(kind, key));
    return undefined;
  }
  return row;
}

/** Claims an Idempotency-Key for a job being created (inside the job's transaction). */
export async function claimKey(
  db: Db,
  key: string,
  requestHash: string,
  jobId: string,
  ttlSeconds: number,
): Promise<void> {
  await writeAtCommit(
    db,
    db.insert(idempotencyKeys).values({
      kind: "header",
      key,
      requestHash,
      jobId,
      state: "in_flight",
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    }),
  );
}

/**
 * Every key of a job now answers with this response (and, for replays that carry one, this
 * PAYMENT-RESPONSE header, kept as sent so a replay repeats it byte for byte).
 */
export async function completeJobKeys(
  db: Db,
  jobId: string,
  response: unknown,
  paymentResponse: string | null = null,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ state: "completed", response, paymentResponse })
    .where(eq(idempotencyKeys.jobId, jobId));
}

/** The job was never paid: its keys are free for a new attempt. */
export async function releaseJobKeys(db: Db, jobId: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.jobId, jobId));
}

/** Claims a payment-identifier id for this request; false if someone holds it already. */
export async function claimPaymentKey(
  db: Db,
  key: string,
  requestHash: string,
  payloadHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ kind: "payment", key, requestHash, payloadHash, state: "in_flight", expiresAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted !== undefined;
}

/** Binds a claimed id to the job its payment created (inside the job's transaction). */
export async function attachPaymentIdentifier(
  db: Db,
  id: string,
  jobId: string,
  ttlSeconds: number,
): Promise<void> {
  await writeAtCommit(
    db,
    db
      .update(idempotencyKeys)
      .set({ jobId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) })
      .where(byKey("payment", id)),
  );
}

/** Lets go of a claim that made no job (refused, replayed by authorization, or failed early). */
export async function dropUnattachedPaymentIdentifier(db: Db, id: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(byKey("payment", id), isNull(idempotencyKeys.jobId)));
}
