import { type SQL, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { type Db, executeRows, getEnv, notifyAtCommit } from "@/lib/platform";

/** The one channel (Postgres NOTIFY and Redis pub/sub alike); the payload is the job id. */
export const JOB_EVENTS_CHANNEL = "reel402_job_events";

// Per module copy, not per process: announcements are made deep in the repositories, which no
// caller hands a connection; a second copy of this module costs one more publishing connection,
// and a message published on either reaches every subscriber alike.
let publisher: Redis | null | undefined;

function redisPublisher(): Redis | null {
  if (publisher !== undefined) return publisher;
  let url: string | undefined;
  try {
    url = getEnv().redisUrl;
  } catch {
    url = undefined;
  }
  publisher = null;
  if (url) {
    const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    redis.on("error", (error: Error) => console.warn(`[job-events] redis: ${error.message}`));
    publisher = redis;
  }
  return publisher;
}

/**
 * Tells every process watching the job that it changed, from the transaction that changed it.
 * NOTIFY is delivered on commit, and only if it commits, so a listener never reads ahead of the
 * change; a Redis message may arrive before the commit (or for a change rolled back), which the
 * watchers cover by looking again shortly after an empty read. A lost announcement only delays a
 * stream until its next heartbeat look: announcements are hints, and need no outbox row.
 */
export async function announceJobChange(db: Db, jobId: string): Promise<void> {
  await notifyAtCommit(db, JOB_EVENTS_CHANNEL, jobId);
  redisPublisher()
    ?.publish(JOB_EVENTS_CHANNEL, jobId)
    .catch(() => undefined);
}

/**
 * Runs `change`, a statement returning the id of each job it changed as its one column `job_id`,
 * and announces those jobs in the same statement: outside a transaction the change and its
 * announcement commit together, in one round trip instead of four. Returns the ids.
 */
export async function changeAndAnnounce(db: Db, change: { getSQL(): SQL }): Promise<string[]> {
  const rows = await executeRows<{ job_id: string }>(
    db,
    sql`with changed as (${change.getSQL()})
        select changed.job_id, pg_notify(${JOB_EVENTS_CHANNEL}, changed.job_id::text) from changed`,
  );
  const redis = redisPublisher();
  for (const { job_id } of rows) redis?.publish(JOB_EVENTS_CHANNEL, job_id).catch(() => undefined);
  return rows.map((r) => r.job_id);
}

/** Closes the Redis publisher, if one was opened (shutdown and tests). */
export async function closeAnnouncer(): Promise<void> {
  const redis = publisher;
  publisher = undefined;
  if (redis) await redis.quit().catch(() => redis.disconnect());
}
