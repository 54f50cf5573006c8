import "server-only";
import type { Db } from "@/lib/platform/db/client";
import type { Env } from "@/lib/platform/env";
import type { OnBeforeExit } from "@/lib/platform/lifecycle/before-exit";
import type { LimitStore } from "@/lib/platform/limits/limit-store";
import { createPgliteLimitStore } from "@/lib/platform/limits/pglite-limit-store";
import { createPostgresLimitStore } from "@/lib/platform/limits/postgres-limit-store";
import { connectRedis, createRedisLimitStore } from "@/lib/platform/limits/redis-limit-store";

/**
 * The limit store: Redis when REDIS_URL is set; else the external database every process shares
 * (DATABASE_URL); else, on the embedded PGlite that only this process opens, this process's memory,
 * saved to the data folder. The Redis client connects on the first guard call and is never closed:
 * the server leaves with process.exit on SIGTERM (scripts/serve.ts), so a reconnect loop during an
 * outage cannot hold it open. Made once per process, by the composition root.
 */
export async function createLimitStore(
  config: Pick<Env, "redisUrl" | "databaseUrl" | "limits">,
  db: () => Promise<Db>,
  onBeforeExit: OnBeforeExit,
): Promise<LimitStore> {
  const { redisUrl, databaseUrl, limits } = config;
  // The longest window a limit counts over: entries older than that need not be reloaded.
  const horizonMs = Math.max(60, limits.abuseBlock.windowSeconds) * 1000;
  if (redisUrl) return createRedisLimitStore(connectRedis(redisUrl));
  if (databaseUrl) return createPostgresLimitStore(await db());
  return createPgliteLimitStore(await db(), horizonMs, onBeforeExit);
}
