import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { neonConfig } from "@neondatabase/serverless";
import { openDb } from "@/lib/platform/db/client";
import { openNeonDb } from "@/lib/platform/db/open-neon";
import { checkIp } from "@/lib/platform/limits/ip-guard";
import type { LimitStore } from "@/lib/platform/limits/limit-store";
import { createPgliteLimitStore } from "@/lib/platform/limits/pglite-limit-store";
import { createPostgresLimitStore } from "@/lib/platform/limits/postgres-limit-store";
import { connectRedis, createRedisLimitStore } from "@/lib/platform/limits/redis-limit-store";
import { createTestDatabase } from "../helpers/database";
import { startNeonWsProxy } from "../helpers/neon-ws-proxy";
import { freePort } from "../helpers/ports";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const MINUTE = 60_000;
// Random per run, so runs against one Redis or a reused database never see each other's keys.
const fresh = () => randomBytes(12).toString("hex");

/** One set of behaviour assertions; each store must pass all of them. */
function limitStoreBehaviour(
  name: string,
  open: () => Promise<{ store: LimitStore; close: () => Promise<void> }>,
) {
  describe(`${name} limit store`, () => {
    let store: LimitStore;
    let close: () => Promise<void>;
    before(async () => {
      ({ store, close } = await open());
    });
    after(() => close());

    test("at most the limit in any window: 20 just before a minute boundary, 20 just after, the second 20 are refused", async () => {
      const key = `posts:${fresh()}`;
      const start = Math.floor(Date.now() / MINUTE) * MINUTE;
      const at = (ms: number) => new Date(start + ms);
      const first = [];
      for (let i = 0; i < 20; i++) first.push(await store.hit(key, 20, MINUTE, at(59_900)));
      assert.deepEqual(
        first.map((h) => [h.allowed, h.count]),
        Array.from({ length: 20 }, (_, i) => [true, i + 1]),
      );
      for (let i = 0; i < 20; i++) {
        // A fixed window would have started over at 60 s and let all of these through.
        assert.deepEqual(
          await store.hit(key, 20, MINUTE, at(60_100)),
          { allowed: false, count: 20, resetAt: at(119_900) },
          `hit ${21 + i}`,
        );
      }
      assert.deepEqual(await store.hit(key, 20, MINUTE, at(119_899)), {
        allowed: false,
        count: 20,
        resetAt: at(119_900),
      });
      // Exactly one window after 59.9 s those twenty no longer count.
      assert.deepEqual(await store.hit(key, 20, MINUTE, at(119_900)), {
        allowed: true,
        count: 1,
        resetAt: at(179_900),
      });
      assert.equal(
        (await store.hit(`posts:${fresh()}`, 20, MINUTE, at(60_100))).count,
        1,
        "keys are independent",
      );
    });

    test("refused hits take no place: a place frees when the oldest counted request leaves the window", async () => {
      const key = `posts:${fresh()}`;
      const t0 = Date.now();
      const at = (ms: number) => new Date(t0 + ms);
      const hit = async (ms: number) => {
        const h = await store.hit(key, 3, MINUTE, at(ms));
        return [h.allowed, h.count, h.resetAt.getTime() - t0];
      };
      assert.deepEqual(await hit(0), [true, 1, 60_000]);
      assert.deepEqual(await hit(10_000), [true, 2, 60_000]);
      assert.deepEqual(await hit(20_000), [true, 3, 60_000]);
      assert.deepEqual(await hit(30_000), [false, 3, 60_000]);
      assert.deepEqual(await hit(59_999), [false, 3, 60_000]);
      assert.deepEqual(
        await hit(60_000),
        [true, 3, 70_000],
        "the request at 0 left; the refused ones never counted",
      );
      assert.deepEqual(await hit(65_000), [false, 3, 70_000]);
      assert.deepEqual(await hit(70_000), [true, 3, 80_000]);
    });

    test("a limit of 0 reads the window without counting", async () => {
      const key = `posts:${fresh()}`;
      const now = new Date();
      assert.deepEqual(await store.hit(key, 0, MINUTE, now), {
        allowed: false,
        count: 0,
        resetAt: now,
      });
      await store.hit(key, 5, MINUTE, now);
      assert.deepEqual(await store.hit(key, 0, MINUTE, new Date(now.getTime() + 1_000)), {
        allowed: false,
        count: 1,
        resetAt: new Date(now.getTime() + MINUTE),
      });
      assert.equal((await store.hit(key, 5, MINUTE, now)).count, 2);
    });

    test("concurrent hits are each counted once and never exceed the limit", async () => {
      const key = `posts:${fresh()}`;
      const now = new Date();
      const hits = await Promise.all(
        Array.from({ length: 12 }, () => store.hit(key, 7, MINUTE, now)),
      );
      const allowed = hits.filter((h) => h.allowed);
      assert.deepEqual(
        allowed.map((h) => h.count).sort((x, y) => x - y),
        [1, 2, 3, 4, 5, 6, 7],
      );
      assert.ok(hits.filter((h) => !h.allowed).every((h) => h.count === 7));
    });

    test("guard: concurrent calls count like hit; the latest running block on any of its keys is returned and then the window is only read", async () => {
      const [ip, site, key] = [fresh(), fresh(), `posts:${fresh()}`];
      const t0 = Date.now();
      const now = new Date(t0);
      const calls = await Promise.all(
        Array.from({ length: 12 }, () => store.guard(key, 7, MINUTE, now, [ip, site])),
      );
      assert.ok(calls.every((c) => c.blockedUntil === null));
      assert.deepEqual(
        calls
          .filter((c) => c.hit.allowed)
          .map((c) => c.hit.count)
          .sort((x, y) => x - y),
        [1, 2, 3, 4, 5, 6, 7],
      );
      assert.ok(calls.filter((c) => !c.hit.allowed).every((c) => c.hit.count === 7));

      const other = `posts:${fresh()}`;
      await store.guard(other, 7, MINUTE, now, [ip]);
      await store.block(ip, new Date(t0 + 20_000));
      await store.block(site, new Date(t0 + 30_000));
      for (let i = 0; i < 3; i++) {
        assert.deepEqual(await store.guard(other, 7, MINUTE, new Date(t0 + 1_000), [ip, site]), {
          blockedUntil: new Date(t0 + 30_000),
          hit: { allowed: false, count: 1, resetAt: new Date(t0 + MINUTE) },
        });
      }
      const ended = await store.guard(other, 7, MINUTE, new Date(t0 + 25_000), [ip]);
      assert.deepEqual(
        [ended.blockedUntil, ended.hit.allowed, ended.hit.count],
        [null, true, 2],
        "a block that has ended is not reported",
      );
      assert.deepEqual((await store.guard(other, 7, MINUTE, new Date(t0 + 25_000), [site])).hit, {
        allowed: false,
        count: 2,
        resetAt: new Date(t0 + MINUTE),
      });
      assert.equal(
        (await store.guard(other, 7, MINUTE, new Date(t0 + 30_000), [ip, site])).hit.count,
        3,
        "attempts while blocked took no place",
      );
    });

    test("checkIp: the 21st POST in any 60 s is refused with Retry-After until the oldest leaves; a blocked IP's attempts are not counted", async () => {
      const ip = fresh();
      const cfg = {
        postsPerMinute: 20,
        abuseBlock: { rejections: 5, windowSeconds: 600, blockSeconds: 30 },
      };
      const start = Math.floor(Date.now() / MINUTE) * MINUTE;
      const at = (ms: number) => new Date(start + ms);
      for (let i = 0; i < 20; i++) {
        const verdict = await checkIp(store, ip, cfg, at(59_900));
        assert.equal(verdict.allowed, true);
        assert.equal(verdict.headers.RateLimit, `"default";r=${19 - i};t=60`);
        assert.equal(verdict.headers["RateLimit-Policy"], `"default";q=20;w=60`);
      }
      const refused = await checkIp(store, ip, cfg, at(60_100));
      assert.deepEqual(refused, {
        allowed: false,
        code: "rate_limited",
        retryAfterSeconds: 60,
        headers: { "RateLimit-Policy": `"default";q=20;w=60`, RateLimit: `"default";r=0;t=60` },
      });
      assert.equal((await checkIp(store, ip, cfg, at(119_900))).allowed, true);

      // Blocks expire in Redis by its own clock: this part runs in the present.
      const other = fresh();
      const t0 = Date.now();
      await store.block(other, new Date(t0 + 30_000));
      for (let i = 0; i < 25; i++)
        assert.equal((await checkIp(store, other, cfg, new Date(t0 + 1_000))).allowed, false);
      const after = await checkIp(store, other, cfg, new Date(t0 + 30_000));
      assert.equal(after.allowed, true, "attempts during the block took no place in the window");
      assert.equal(after.headers.RateLimit, `"default";r=19;t=60`);
    });

    test("rejections are counted in a sliding window", async () => {
      const ip = fresh();
      const t0 = Date.now();
      const at = (ms: number) => new Date(t0 + ms);
      assert.equal(await store.addRejection(ip, 10_000, at(0)), 1);
      assert.equal(await store.addRejection(ip, 10_000, at(4_000)), 2);
      assert.equal(await store.addRejection(ip, 10_000, at(8_000)), 3);
      // 12 s: the first (at 0) fell out of the window; 4 s and 8 s remain.
      assert.equal(await store.addRejection(ip, 10_000, at(12_000)), 3);
      // Exactly one window after 4 s: that rejection no longer counts.
      assert.equal(await store.addRejection(ip, 10_000, at(14_000)), 3);
      assert.equal(
        await store.addRejection(fresh(), 10_000, at(14_000)),
        1,
        "addresses are independent",
      );
    });

    test("a block holds until its end and can be extended", async () => {
      const ip = fresh();
      const now = new Date();
      const until = new Date(now.getTime() + 60_000);
      assert.equal(await store.blockedUntil(ip, now), null);
      await store.block(ip, until);
      assert.deepEqual(await store.blockedUntil(ip, now), until);
      assert.equal(
        await store.blockedUntil(ip, new Date(until.getTime())),
        null,
        "over at its end",
      );
      assert.equal(await store.blockedUntil(fresh(), now), null, "addresses are independent");
      const later = new Date(now.getTime() + 120_000);
      await store.block(ip, later);
      assert.deepEqual(await store.blockedUntil(ip, new Date(until.getTime() + 1)), later);
    });
  });
}

limitStoreBehaviour("Redis", async () => {
  const store = createRedisLimitStore(connectRedis(REDIS_URL));
  return { store, close: store.close };
});

limitStoreBehaviour("Postgres", async () => {
  const database = await createTestDatabase();
  const opened = await openDb(database.url, mkdtempSync(path.join(tmpdir(), "reel402-limits-")));
  return {
    store: createPostgresLimitStore(opened.db),
    close: async () => {
      await opened.close();
      await database.drop();
    },
  };
});

limitStoreBehaviour("Postgres through Neon's serverless driver", async () => {
  const database = await createTestDatabase();
  const url = new URL(database.url);
  const proxy = await startNeonWsProxy({ host: url.hostname, port: Number(url.port || 5432) });
  // Plain WebSocket to the local proxy; on Neon these stay at their defaults (TLS to Neon's proxy).
  neonConfig.wsProxy = () => proxy.address;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  const opened = await openNeonDb(database.url);
  return {
    store: createPostgresLimitStore(opened.db),
    close: async () => {
      await opened.close();
      await proxy.stop();
      await database.drop();
    },
  };
});

limitStoreBehaviour("PGlite", async () => {
  const opened = await openDb(undefined, mkdtempSync(path.join(tmpdir(), "reel402-limits-")));
  return { store: createPostgresLimitStore(opened.db), close: opened.close };
});

limitStoreBehaviour("PGlite in memory", async () => {
  const opened = await openDb(undefined, mkdtempSync(path.join(tmpdir(), "reel402-limits-")));
  const store = await createPgliteLimitStore(opened.db, 600_000);
  return {
    store,
    close: async () => {
      await store.close();
      await opened.close();
    },
  };
});

describe("PGlite in memory: the limits outlive a restart", () => {
  test("windows, rejections and blocks are saved to the data folder and loaded by the next process", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "reel402-limits-"));
    const [key, ip] = [`posts:${fresh()}`, fresh()];
    const now = new Date();
    let opened = await openDb(undefined, dir);
    const first = await createPgliteLimitStore(opened.db, 600_000);
    for (let i = 0; i < 3; i++) await first.hit(key, 3, MINUTE, now);
    await first.addRejection(ip, 600_000, now);
    const until = new Date(now.getTime() + 120_000);
    await first.block(ip, until);
    await first.close();
    await opened.close();
    opened = await openDb(undefined, dir);
    const second = await createPgliteLimitStore(opened.db, 600_000);
    try {
      assert.deepEqual(await second.hit(key, 3, MINUTE, now), {
        allowed: false,
        count: 3,
        resetAt: new Date(now.getTime() + MINUTE),
      });
      assert.equal(await second.addRejection(ip, 600_000, now), 2);
      assert.deepEqual(await second.blockedUntil(ip, now), until);
    } finally {
      await second.close();
      await opened.close();
    }
  });
});

describe("Redis outages", () => {
  test("guard calls fail when Redis is unreachable, instead of waiting for it", async () => {
    const store = createRedisLimitStore(connectRedis(`redis://127.0.0.1:${await freePort()}`));
    await assert.rejects(
      store.hit(`posts:${fresh()}`, 20, MINUTE, new Date()),
      /^Error: Redis limit store: /,
    );
    await assert.rejects(store.blockedUntil(fresh(), new Date()), /^Error: Redis limit store: /);
    await store.close();
  });

  test("guard calls fail when Redis accepts the connection but never answers", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const store = createRedisLimitStore(connectRedis(`redis://127.0.0.1:${port}`));
    await assert.rejects(
      store.hit(`posts:${fresh()}`, 20, MINUTE, new Date()),
      /^Error: Redis limit store: Command timed out/,
    );
    await store.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
