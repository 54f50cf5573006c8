import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { executeRows } from "@/lib/platform/db/execute-rows";
import { transactionRetryingConflicts } from "@/lib/platform/db/retry-conflicts";
import { auditEvents } from "@/lib/platform/db/schema";
import { auditHash, canonicalJson, GENESIS_HASH } from "@/lib/platform/audit/chain";
import { auditLaneOf } from "@/lib/platform/audit/lanes";
import { namedSecret } from "@/lib/platform/secrets/named-secret";

// With the lane as second key: serialises the appends of one lane, so each row links to the one
// before it in its lane, across processes. Other lanes' writers do not wait.
export const AUDIT_LOCK = 402_404;

export type AuditType =
  | "request.refused"
  | "payment.verified"
  | "payment.settled"
  | "payment.failed"
  | "payment.unknown"
  | "job.transition"
  | "attempt.started"
  | "attempt.ended"
  | "upstream.orphan_settled"
  | "video.screened"
  | "refund.created"
  | "refund.sent"
  | "refund.confirmed"
  | "refund.resigned"
  | "refund.manual";

export type AuditEvent = { type: AuditType; jobId: string | null; data: Record<string, unknown> };

/** The lane an event is chained in: its job's, or for an event without a job, its content's. */
export function laneOfEvent(event: AuditEvent): number {
  return auditLaneOf(event.jobId ?? canonicalJson(event.data));
}

// The lane each open audited transaction holds, so the appends inside it need not lock again and
// an append for another lane (which would break the one lock order) is refused, not risked.
const heldLanes = new WeakMap<Db, number>();
/** What an open audited transaction sends with its audit write, just before it commits. */
type Pending = {
  /** The events appended in it, in order. */
  events: AuditEvent[];
  /** The notifications it sends, by channel and payload. */
  notices: Map<string, readonly [string, string]>;
  /** The writes it defers to its audit write (writeAtCommit). */
  writes: SQLWrapper[];
};
const pendingOf = new WeakMap<Db, Pending>();

/**
 * `pg_notify(channel, payload)` from `db`. In an open audited transaction it goes with the audit
 * write that ends it: Postgres delivers a transaction's notifications when it commits, and only if
 * it does, wherever in it they were sent, so sending them with its last statement changes nothing
 * a listener sees and saves a round trip each. The same notice twice in one transaction is
 * delivered once, by Postgres and here alike. Anywhere else it is sent at once.
 */
export async function notifyAtCommit(db: Db, channel: string, payload: string): Promise<void> {
  const pending = pendingOf.get(db);
  if (pending) pending.notices.set(`${channel}\n${payload}`, [channel, payload]);
  else await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * A write that nothing in its transaction reads before the commit. In an open audited transaction
 * it goes with the audit write that ends it, as a data-modifying WITH of that one statement: a
 * round trip fewer each. The deferred writes of a transaction run together, so none may depend on
 * another's rows or touch the same rows; their constraints (unique keys, foreign keys to each
 * other's rows) are checked at the end of that statement, and a violation rolls the whole
 * transaction back as it would have one statement earlier. Anywhere else it runs at once.
 */
export async function writeAtCommit(db: Db, write: SQLWrapper): Promise<void> {
  const pending = pendingOf.get(db);
  if (pending) pending.writes.push(write);
  else await db.execute(write.getSQL());
}

/**
 * Runs `work` in a transaction that holds `lane`'s lock, taken first; inside a transaction that
 * holds it already, `work` joins that transaction as it is: no savepoint, two round trips fewer
 * per nested append or status change. Nothing in an audited transaction recovers from a failed
 * statement and goes on, so the savepoint's partial rollback was never used.
 * The events appended along the way are chained and written in one draw and one insert once
 * `work` is done, still under the lane's lock and in the same transaction: they commit or roll
 * back with it, in the order they were appended.
 * `nextLock`, an advisory lock call (`pg_advisory_xact_lock(...)`), is taken right after the
 * lane's, in the same statement when the transaction is opened here.
 */
async function inLane<T>(
  db: Db,
  lane: number,
  work: (tx: Db) => Promise<T>,
  nextLock?: SQL,
): Promise<T> {
  const held = heldLanes.get(db);
  if (held === lane) {
    if (nextLock) await db.execute(sql`select ${nextLock}`);
    return work(db);
  }
  if (held !== undefined)
    throw new Error(
      `audit lane ${lane} written inside a transaction that holds lane ${held}: one transaction, one lane`,
    );
  return transactionRetryingConflicts(db, async (tx) => {
    // A select list is evaluated left to right: the lane's lock is always taken first.
    await tx.execute(
      nextLock
        ? sql`select pg_advisory_xact_lock(${AUDIT_LOCK}, ${lane}), ${nextLock}`
        : sql`select pg_advisory_xact_lock(${AUDIT_LOCK}, ${lane})`,
    );
    heldLanes.set(tx, lane);
    const pending: Pending = { events: [], notices: new Map(), writes: [] };
    pendingOf.set(tx, pending);
    const result = await work(tx);
    pendingOf.delete(tx);
    await writeEvents(tx, lane, pending.events, [...pending.notices.values()], pending.writes);
    return result;
  });
}

/**
 * A transaction that will append audit events for job `jobId` takes its lane's lock FIRST, before
 * any row lock. With one lock order everywhere (one lane, then rows), writers queue instead of
 * deadlocking, and only writers whose jobs share a lane queue on each other. `nextLock`: the
 * transaction's next advisory lock, taken with the lane's in one round trip.
 */
export function auditedTransaction<T>(
  db: Db,
  jobId: string,
  work: (tx: Db) => Promise<T>,
  nextLock?: SQL,
): Promise<T> {
  return inLane(db, auditLaneOf(jobId), work, nextLock);
}

/** Appends one event; inside the caller's transaction when given one. */
export async function appendAudit(
  db: Db,
  type: AuditType,
  jobId: string | null,
  data: Record<string, unknown>,
): Promise<void> {
  await appendAuditEvents(db, [{ type, jobId, data }]);
}

/**
 * Appends events in order, chained one after another in one lane (the first event's), in one
 * transaction and one insert. Events of a job go only to the job's lane.
 */
export async function appendAuditEvents(db: Db, events: AuditEvent[]): Promise<void> {
  const [first] = events;
  if (!first) return;
  const lane = laneOfEvent(first);
  const stray = events.find((e) => e.jobId !== null && laneOfEvent(e) !== lane);
  if (stray) throw new Error(`job ${stray.jobId}'s audit event grouped into another job's lane`);
  await inLane(db, lane, async (tx) => {
    const pending = pendingOf.get(tx);
    if (!pending) throw new Error("audit events appended after their transaction's work ended");
    pending.events.push(...events);
  });
}

/**
 * Chains `events` after the lane's last one and inserts them, under the lane's lock, with the
 * deferred `writes` and the `notices` in the same statement.
 */
async function writeEvents(
  tx: Db,
  lane: number,
  events: AuditEvent[],
  notices: ReadonlyArray<readonly [string, string]>,
  writes: SQLWrapper[],
): Promise<void> {
  const notify = notices.length
    ? sql`select pg_notify(n.channel, n.payload) from (values ${sql.join(
        notices.map(([channel, payload]) => sql`(${channel}::text, ${payload}::text)`),
        sql`, `,
      )}) as n(channel, payload)`
    : null;
  // A data-modifying WITH runs once and to completion whatever the query around it reads.
  const together = (last: SQLWrapper[]) =>
    tx.execute(
      sql`with ${sql.join(
        [...writes, ...last].map((w, i) => sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`),
        sql`, `,
      )} ${notify ?? sql`select 1`}`,
    );
  if (events.length === 0) {
    if (writes.length) await together([]);
    else if (notify) await tx.execute(notify);
    return;
  }
  // The ids are drawn under the lane's lock, so within a lane they follow the chain; each hash
  // covers its id, so the order of the whole log cannot be rearranged either.
  const drawn = await executeRows<{ id: string; prev: string | null }>(
    tx,
    sql`select nextval('audit_events_id_seq')::text as id,
          (select hash from ${auditEvents} where ${auditEvents.lane} = ${lane}
            order by ${auditEvents.id} desc limit 1) as prev
        from generate_series(1, ${events.length})`,
  );
  const ids = drawn.map((r) => Number(r.id)).sort((a, b) => a - b);
  let prevHash = drawn[0]?.prev ?? GENESIS_HASH;
  const secret = namedSecret("audit-chain");
  // Millisecond precision survives a round trip through timestamptz unchanged.
  const at = new Date();
  const rows = events.map(({ type, jobId, data }, i) => {
    const id = ids[i] as number;
    const row = {
      id,
      lane,
      at,
      type,
      jobId,
      data,
      prevHash,
      hash: auditHash(secret, prevHash, { id, lane, at, type, jobId, data }),
    };
    prevHash = row.hash;
    return row;
  });
  const insert = tx.insert(auditEvents).overridingSystemValue().values(rows);
  if (notify || writes.length) await together([insert]);
  else await insert;
}
