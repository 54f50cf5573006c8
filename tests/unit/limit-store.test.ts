import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type Socket } from "node:net";
import { after, before, describe, test } from "node:test";
import { openDb } from "@/lib/db/client";
import type { LimitStore } from "@/lib/limits/limit-store";
import { createPostgresLimitStore } from "@/lib/limits/postgres-limit-store";
import { connectRedis, createRedisLimitStore } from "@/lib/limits/redis-limit-store";
import { createTestDatabase } from "../helpers/database";
import { freePort } from "../helpers/ports";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const MINUTE = 60_000;
// Random per run, so runs against one Redis or a reused database never see each other's keys.
const fresh = () => randomBytes(12).toString("hex");

/** One set of behaviour assertions; each store must pass all of them. */
function limitStoreBehaviour(name: string, open: () => Promise<{ store: LimitStore; close: () => Promise<void> }>) {
  describe(`${name} limit store`, () => {
    let store: LimitStore;
    let close: () => Promise<void>;
    before(async () => {
      ({ store, close } = await open());
    });
    after(() => close());

    test("hit counts within a fixed window and starts over in the next", async () => {
      const key = `posts:${fresh()}`;
      const start = Math.floor(Date.now() / MINUTE) * MINUTE;
      const at = (ms: number) => new Date(start + ms);
      assert.deepEqual(await store.hit(key, MINUTE, at(100)), { count: 1, resetAt: at(MINUTE) });
      assert.equal((await store.hit(key, MINUTE, at(30_000))).count, 2);
      assert.equal((await store.hit(key, MINUTE, at(59_999))).count, 3);
      assert.equal((await store.hit(`posts:${fresh()}`, MINUTE, at(200))).count, 1, "keys are independent");
      assert.deepEqual(await store.hit(key, MINUTE, at(MINUTE)), { count: 1, resetAt: at(2 * MINUTE) });
    });

    test("concurrent hits are each counted once", async () => {
      const key = `posts:${fresh()}`;
      const now = new Date();
      const counts = await Promise.all(Array.from({ length: 10 }, () => store.hit(key, MINUTE, now)));
      assert.deepEqual(counts.map((c) => c.count).sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
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
      assert.equal(await store.addRejection(fresh(), 10_000, at(14_000)), 1, "addresses are independent");
    });

    test("a block holds until its end and can be extended", async () => {
      const ip = fresh();
      const now = new Date();
      const until = new Date(now.getTime() + 60_000);
      assert.equal(await store.blockedUntil(ip, now), null);
      await store.block(ip, until);
      assert.deepEqual(await store.blockedUntil(ip, now), until);
      assert.equal(await store.blockedUntil(ip, new Date(until.getTime())), null, "over at its end");
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

describe("Redis outages", () => {
  test("guard calls fail when Redis is unreachable, instead of waiting for it", async () => {
    const store = createRedisLimitStore(connectRedis(`redis://127.0.0.1:${await freePort()}`));
    await assert.rejects(store.hit(`posts:${fresh()}`, MINUTE, new Date()), /^Error: Redis limit store: /);
    await assert.rejects(store.blockedUntil(fresh(), new Date()), /^Error: Redis limit store: /);
    await store.close();
  });

  test("guard calls fail when Redis accepts the connection but never answers", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const store = createRedisLimitStore(connectRedis(`redis://127.0.0.1:${port}`));
    await assert.rejects(store.hit(`posts:${fresh()}`, MINUTE, new Date()), /^Error: Redis limit store: Command timed out/);
    await store.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});
