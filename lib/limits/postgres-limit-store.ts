import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ipBlocks, ipRejections, rateLimitCounters } from "@/lib/db/schema";
import { type LimitStore, windowStart } from "@/lib/limits/limit-store";

export function createPostgresLimitStore(db: Db): LimitStore {
  return {
    async hit(key, windowMs, now) {
      const start = windowStart(now, windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.windowStart} = excluded.window_start then ${rateLimitCounters.count} + 1 else 1 end`,
            windowStart: sql`excluded.window_start`,
          },
        })
        .returning({ count: rateLimitCounters.count });
      return { count: row?.count ?? 1, resetAt: new Date(start.getTime() + windowMs) };
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
