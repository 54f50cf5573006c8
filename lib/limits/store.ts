import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { LimitStore } from "@/lib/limits/limit-store";
import { createPostgresLimitStore } from "@/lib/limits/postgres-limit-store";
import { connectRedis, createRedisLimitStore } from "@/lib/limits/redis-limit-store";

const holder = globalThis as unknown as { __reel402Limits?: Promise<LimitStore> };

/**
 * The limit store every process shares: Redis when REDIS_URL is set, else the database. The Redis
 * client connects on the first guard call and is never closed: the server leaves with process.exit
 * on SIGTERM (scripts/serve.ts), so a reconnect loop during an outage cannot hold it open.
 */
export function getLimitStore(): Promise<LimitStore> {
  const { redisUrl } = getEnv();
  holder.__reel402Limits ??= redisUrl
    ? Promise.resolve(createRedisLimitStore(connectRedis(redisUrl)))
    : getDb().then(createPostgresLimitStore);
  return holder.__reel402Limits;
}
