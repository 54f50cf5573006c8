import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ipBlocks, ipRejections, rateLimitHits } from "@/lib/db/schema";
import { type LimitStore, toHit } from "@/lib/limits/limit-store";

export function createPostgresLimitStore(db: Db): LimitStore {
  return {
    async hit(key, limit, windowMs, now) {
      return (await slidingHit(db, key, sql`${limit}::int`, windowMs, now, null)).hit;
    },
    async guard(key, limit, windowMs, now, blockKeys) {
      // The block is read inside the hit's own statement: one round trip, the same row lock.
      const until = sql`(select max(${ipBlocks.blockedUntil}) from ${ipBlocks} where ${ipBlocks.ipHash} in (${sql.join(
        blockKeys.map((k) => sql`${k}`),
        sql`, `,
      )}) and ${ipBlocks.blockedUntil} > ${now.toISOString()}::timestamptz)`;
      return slidingHit(
        db,
        key,
        sql`(case when ${until} is null then ${limit}::int else 0 end)`,
        windowMs,
        now,
        until,
      );
    },
    async addRejection(ipHash, windowMs, now) {
      const since = new Date(now.getTime() - windowMs);
      // One statement: the insert, the cleanup and the count (every statement in it sees the rows
      // as they were before it, so the new rejection is the + 1).
      const inserted = db
        .$with("inserted")
        .as(
          db
            .insert(ipRejections)
            .values({ id: crypto.randomUUID(), ipHash, at: now })
            .returning({ id: ipRejections.id }),
        );
      const removed = db.$with("removed").as(
        db
          .delete(ipRejections)
          .where(and(eq(ipRejections.ipHash, ipHash), lt(ipRejections.at, since)))
          .returning({ id: ipRejections.id }),
      );
      const [row] = await db
        .with(inserted, removed)
        .select({ n: sql<number>`(count(*) + (select count(*) from ${inserted}))::int` })
        .from(ipRejections)
        .where(and(eq(ipRejections.ipHash, ipHash), gt(ipRejections.at, since)));
      return Number(row?.n ?? 0);
    },
    async block(ipHash, until) {
      await db
        .insert(ipBlocks)
        .values({ ipHash, blockedUntil: until })
        .onConflictDoUpdate({ target: ipBlocks.ipHash, set: { blockedUntil: until } });
    },
    async blockedUntil(ipHash, now) {
      const [row] = await db.select().from(ipBlocks).where(eq(ipBlocks.ipHash, ipHash)).limit(1);
      return row && row.blockedUntil > now ? row.blockedUntil : null;
    },
  };
}

/**
 * The request times still inside (now - windowMs, now]; the upsert holds the key's row lock, so
 * concurrent hits from every process see each other's writes. `limit` is an SQL expression (the
 * guard makes it 0 while a block runs); `blockedUntil`, when given, is returned with the row.
 */
async function slidingHit(
  db: Db,
  key: string,
  limit: SQL,
  windowMs: number,
  now: Date,
  blockedUntil: SQL | null,
) {
  const at = now.getTime();
  const live = sql`array(select h from unnest(${rateLimitHits.hits}) as h where h > ${at - windowMs}::bigint)`;
  const room = sql`cardinality(${live}) < ${limit}`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key,
      hits: sql`case when ${limit} > 0 then array[${at}::bigint] else '{}'::bigint[] end`,
      allowed: sql`${limit} > 0`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${room} then ${live} || ${at}::bigint else ${live} end`,
        allowed: room,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      allowed: rateLimitHits.allowed,
      blockedUntilMs: sql<
        string | number | null
      >`(extract(epoch from ${blockedUntil ?? sql`null::timestamptz`}) * 1000)::bigint`,
    });
  if (!row) throw new Error("Postgres limit store: the upsert returned no row");
  const hits = row.hits.map(Number);
  const until = row.blockedUntilMs === null ? null : new Date(Number(row.blockedUntilMs));
  return {
    hit: toHit(row.allowed, hits.length, hits.length ? Math.min(...hits) : null, windowMs, now),
    blockedUntil: until,
  };
}
