import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { LimitStore } from "@/lib/limits/limit-store";
import { createPgliteLimitStore } from "@/lib/limits/pglite-limit-store";
import { createPostgresLimitStore } from "@/lib/limits/postgres-limit-store";
import { connectRedis, createRedisLimitStore } from "@/lib/limits/redis-limit-store";

const holder = globalThis as unknown as { __reel402Limits?: Promise<LimitStore> };

/**
 * The limit store: Redis when REDIS_URL is set; else the external database every process shares
 * (DATABASE_URL); else, on the embedded PGlite that only this process opens, this process's memory,
 * saved to the data folder. The Redis client connects on the first guard call and is never closed:
 * the server leaves with process.exit on SIGTERM (scripts/serve.ts), so a reconnect loop during an
 * outage cannot hold it open.
 */
export function getLimitStore(): Promise<LimitStore> {
  const { redisUrl, databaseUrl, limits } = getEnv();
  // The longest window a limit counts over: entries older than that need not be reloaded.
  const horizonMs = Math.max(60, limits.abuseBlock.windowSeconds) * 1000;
  holder.__reel402Limits ??= redisUrl
    ? Promise.resolve(createRedisLimitStore(connectRedis(redisUrl)))
    : databaseUrl
      ? getDb().then(createPostgresLimitStore)
      : getDb().then((db) => createPgliteLimitStore(db, horizonMs));
  return holder.__reel402Limits;
}
