import "server-only";
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { type LimitStore, toHit } from "@/lib/platform/limits/limit-store";

const PREFIX = "reel402:";

/** A Redis limit store plus the means to close its connection. */
export type RedisLimitStore = LimitStore & { close: () => Promise<void> };

/**
 * Every guard call sits in front of a paying request, so a Redis outage must surface as a quick
 * error rather than a request left hanging: commands time out after 2 s (queued or sent) and are
 * retried at most once across a reconnect. The offline queue stays on so requests arriving while
 * the first connection is still being made wait for it instead of failing.
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  // Without a listener ioredis reports every reconnect failure as an unhandled error.
  redis.on("error", (error: Error) => console.warn(`[limits] redis: ${error.message}`));
  return redis;
}

/**
 * A sliding-window hit as one script, so the count, the decision and the insert are atomic across
 * processes: a sorted set of request times (score = epoch ms of the caller's clock, so Redis's own
 * clock never shifts a window); entries at or before the window's start are dropped, the request
 * is added only while fewer than the limit remain. Returns {allowed, count, oldest score}.
 * Expiry is cleanup only.
 */
const SLIDING_HIT = `
local key = KEYS[1]
redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[1])
local count = redis.call('ZCARD', key)
local allowed = 0
if count < tonumber(ARGV[2]) then
  redis.call('ZADD', key, ARGV[4], ARGV[3])
  count = count + 1
  allowed = 1
end
if count == 0 then return {allowed, 0, false} end
redis.call('PEXPIRE', key, ARGV[5])
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {allowed, count, oldest[2]}
`;

/**
 * The guard as one script: the latest block still running on any of KEYS[2..] (a block value is
 * its end in epoch ms; ARGV[6] is now), then SLIDING_HIT on KEYS[1] with a limit of 0 while
 * blocked. Returns SLIDING_HIT's reply plus the block's end (false when none).
 */
const GUARD = `
local blocked, blockedText = false, false
for i = 2, #KEYS do
  local text = redis.call('GET', KEYS[i])
  local v = tonumber(text)
  if v and v > tonumber(ARGV[6]) and (not blocked or v > blocked) then blocked, blockedText = v, text end
end
if blocked then ARGV[2] = '0' end
local reply = (function(KEYS, ARGV)
${SLIDING_HIT}
end)({KEYS[1]}, ARGV)
return {reply[1], reply[2], reply[3], blockedText}
`;

/**
 * The same semantics as the Postgres store, each operation atomic (a MULTI transaction or one
 * script). Expiry is relative to the caller's clock so Redis's own clock never shortens a window.
 */
export function createRedisLimitStore(redis: Redis): RedisLimitStore {
  return {
    async hit(key, limit, windowMs, now) {
      const at = now.getTime();
      const reply = await named(
        redis.eval(
          SLIDING_HIT,
          1,
          `${PREFIX}log:${key}`,
          at - windowMs,
          limit,
          `${at}:${randomUUID()}`,
          at,
          windowMs,
        ),
      );
      const [allowed, count, oldest] = reply as [number, number, string | null];
      return toHit(
        allowed === 1,
        Number(count),
        oldest === null ? null : Number(oldest),
        windowMs,
        now,
      );
    },
    async guard(key, limit, windowMs, now, blockKeys) {
      const at = now.getTime();
      const keys = [`${PREFIX}log:${key}`, ...blockKeys.map((k) => `${PREFIX}block:${k}`)];
      const reply = await named(
        redis.eval(
          GUARD,
          keys.length,
          ...keys,
          at - windowMs,
          limit,
          `${at}:${randomUUID()}`,
          at,
          windowMs,
          at,
        ),
      );
      const [allowed, count, oldest, until] = reply as [
        number,
        number,
        string | null,
        string | null,
      ];
      return {
        hit: toHit(
          allowed === 1,
          Number(count),
          oldest === null ? null : Number(oldest),
          windowMs,
          now,
        ),
        blockedUntil: until === null ? null : new Date(Number(until)),
      };
    },
    async addRejection(ipHash, windowMs, now) {
      const k = `${PREFIX}rejections:${ipHash}`;
      const at = now.getTime();
      // Inclusive removal of entries at the window's edge: the Postgres store counts only later ones.
      const replies = await exec(
        redis
          .multi()
          .zadd(k, at, `${at}:${randomUUID()}`)
          .zremrangebyscore(k, "-inf", at - windowMs)
          .zcard(k)
          .pexpire(k, windowMs),
      );
      return Number(replies[2]);
    },
    async block(ipHash, until) {
      await named(
        redis.set(`${PREFIX}block:${ipHash}`, String(until.getTime()), "PXAT", until.getTime()),
      );
    },
    async blockedUntil(ipHash, now) {
      const value = await named(redis.get(`${PREFIX}block:${ipHash}`));
      const until = value === null ? null : new Date(Number(value));
      return until && until > now ? until : null;
    },
    async close() {
      // QUIT would wait in the offline queue of a client that never connected.
      if (redis.status === "ready") await redis.quit();
      else redis.disconnect();
    },
  };
}

type Transaction = { exec: () => Promise<[Error | null, unknown][] | null> };

async function exec(transaction: Transaction): Promise<unknown[]> {
  const replies = await named(transaction.exec());
  if (!replies) throw new Error("Redis limit store: transaction aborted");
  return replies.map(([error, reply]) => {
    if (error) throw storeError(error);
    return reply;
  });
}

/** ioredis errors ("Command timed out", "Reached the max retries…") do not say which service failed. */
async function named<T>(reply: Promise<T>): Promise<T> {
  try {
    return await reply;
  } catch (error) {
    throw storeError(error);
  }
}

const storeError = (error: unknown) =>
  new Error(`Redis limit store: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
