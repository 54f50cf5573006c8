import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ipBlocks, ipRejections, rateLimitHits } from "@/lib/db/schema";
import { type LimitStore, toHit } from "@/lib/limits/limit-store";

export function createPostgresLimitStore(db: Db): LimitStore {
  return {
    async hit(key, limit, windowMs, now) {
      const at = now.getTime();
      // The request times still inside (now - windowMs, now]; the upsert holds the key's row lock,
      // so concurrent hits from every process see each other's writes.
      const live = sql`array(select h from unnest(${rateLimitHits.hits}) as h where h > ${at - windowMs}::bigint)`;
      const room = sql`cardinality(${live}) < ${limit}::int`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, hits: limit > 0 ? [at] : [], allowed: limit > 0 })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: { hits: sql`case when ${room} then ${live} || ${at}::bigint else ${live} end`, allowed: room },
        })
        .returning({ hits: rateLimitHits.hits, allowed: rateLimitHits.allowed });
      if (!row) throw new Error("Postgres limit store: the upsert returned no row");
      const hits = row.hits.map(Number);
      return toHit(row.allowed, hits.length, hits.length ? Math.min(...hits) : null, windowMs, now);
    },
    async addRejection(ipHash, windowMs, now) {
      const since = new Date(now.getTime() - windowMs);
      await db.insert(ipRejections).values({ id: crypto.randomUUID(), ipHash, at: now });
      await db.delete(ipRejections).where(and(eq(ipRejections.ipHash, ipHash), lt(ipRejections.at, since)));
      const [row] = await db
        .select({ n: count() })
        .from(ipRejections)
        .where(and(eq(ipRejections.ipHash, ipHash), gt(ipRejections.at, since)));
      return row?.n ?? 0;
    },
    async block(ipHash, until) {
      await db.insert(ipBlocks).values({ ipHash, blockedUntil: until }).onConflictDoUpdate({ target: ipBlocks.ipHash, set: { blockedUntil: until } });
    },
    async blockedUntil(ipHash, now) {
      const [row] = await db.select().from(ipBlocks).where(eq(ipBlocks.ipHash, ipHash)).limit(1);
      return row && row.blockedUntil > now ? row.blockedUntil : null;
    },
  };
}
