import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { LimitStore } from "@/lib/limits/limit-store";
import { createPostgresLimitStore } from "@/lib/limits/postgres-limit-store";
import { connectRedis, createRedisLimitStore } from "@/lib/limits/redis-limit-store";

const holder = globalThis as unknown as { __reel402Limits?: Promise<LimitStore> };

/** The limit store every process shares: Redis when REDIS_URL is set, else the database. */
export function getLimitStore(): Promise<LimitStore> {
  const { redisUrl } = getEnv();
  holder.__reel402Limits ??= redisUrl ? Promise.resolve(createRedisLimitStore(connectRedis(redisUrl))) : getDb().then(createPostgresLimitStore);
  return holder.__reel402Limits;
}
