import { randomBytes, randomUUID } from "node:crypto";
import { type Column, and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import {
  checkMove,
  type Db,
  jsonRows,
  outerColumn,
  staleErrorOf,
  writeAtCommit,
} from "@/lib/platform";
import { webhookDeliveries, webhookEndpoints } from "@/lib/notify/schema";
import {
  DELIVERY_TRANSITIONS,
  type DeliveryStatus,
  type WebhookEvent,
} from "@/lib/notify/webhooks/webhook-status";

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DueDelivery = DeliveryRow & { url: string; secret: string };

/** Records the job's callback with a fresh Standard Webhooks secret, which is returned once. */
export async function saveEndpoint(db: Db, jobId: string, url: string): Promise<string> {
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  await writeAtCommit(db, db.insert(webhookEndpoints).values({ jobId, url, secret }));
  return secret;
}

/**
 * Queues the event for the job's callback, if it has one, in the caller's transaction. Once per
 * job and event: the id is the webhook-id every attempt carries, so a receiver can deduplicate.
 */
export async function enqueueEvent(
  db: Db,
  jobId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  const [endpoint] = await db
    .select({ jobId: webhookEndpoints.jobId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.jobId, jobId));
  if (!endpoint) return;
  const payload = JSON.stringify({ type: event, timestamp: now.toISOString(), data });
  await db
    .insert(webhookDeliveries)
    .values({ id: `msg_${randomUUID()}`, jobId, event, payload, nextAttemptAt: now })
    .onConflictDoNothing();
}

/** Pending deliveries that are due and unclaimed, claimed for `leaseMs` so no other sender takes them. */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<DueDelivery[]> {
  return db.transaction(async (tx) => {
    const claimable = or(
      isNull(webhookDeliveries.leaseUntil),
      lt(webhookDeliveries.leaseUntil, now),
    );
    const rows = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lte(webhookDeliveries.nextAttemptAt, now),
          claimable,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    await tx
      .update(webhookDeliveries)
      .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
      .where(inArray(webhookDeliveries.id, ids));
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(
        inArray(
          webhookEndpoints.jobId,
          rows.map((r) => r.jobId),
        ),
      );
    const byJob = new Map(endpoints.map((e) => [e.jobId, e]));
    return rows.flatMap((r) => {
      const e = byJob.get(r.jobId);
      return e ? [{ ...r, url: e.url, secret: e.secret }] : [];
    });
  });
}

export const StaleDeliveryError = staleErrorOf<DeliveryStatus>(
  "webhook delivery",
  "StaleDeliveryError",
);

/**
 * The outcome of one attempt: delivered (a 2xx), retried at `next`, or dead when `next` is null.
 * Compare-and-set on the status AND the attempt count read at the claim: a sender whose lease ran
 * out while another recorded the same attempt throws StaleDeliveryError and changes nothing.
 */
export async function recordAttempt(
  db: Db,
  row: DeliveryRow,
  result: {
    delivered: boolean;
    statusCode: number | null;
    error: string | null;
    next: Date | null;
  },
  now: Date,
): Promise<void> {
  const status: DeliveryStatus = result.delivered ? "delivered" : result.next ? "pending" : "dead";
  checkMove("webhook delivery", DELIVERY_TRANSITIONS, row.status, status);
  const moved = await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: row.attempts + 1,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      leaseUntil: null,
      ...(result.next ? { nextAttemptAt: result.next } : {}),
      ...(result.delivered ? { deliveredAt: now } : {}),
    })
    .where(
      and(
        eq(webhookDeliveries.id, row.id),
        eq(webhookDeliveries.status, row.status),
        eq(webhookDeliveries.attempts, row.attempts),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (moved.length === 0) throw new StaleDeliveryError(row.id, row.status);
}

/** The body a delivery is sent with from now on, until its first attempt is recorded. */
export async function replacePayload(db: Db, id: string, payload: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ payload })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, 0)));
}

/** The job's deliveries, oldest first, as a column of a read of the job (lib/jobs prepareFindJobWith). */
export const deliveriesOfJob = (jobId: Column) =>
  jsonRows(
    webhookDeliveries,
    sql`select json_agg(d order by d.created_at) from webhook_deliveries d where d.job_id = ${outerColumn(jobId)}`,
  );

export async function deliveriesForJob(db: Db, jobId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.jobId, jobId))
    .orderBy(asc(webhookDeliveries.createdAt));
}
