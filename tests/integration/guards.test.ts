import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, before, describe, test } from "node:test";
import postgres from "postgres";
import { devnetAccount } from "@/lib/devnet/accounts";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { post } from "../helpers/http";
import { payingFetch } from "../helpers/payer";
import { startServer, type TestServer } from "../helpers/server";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
// Distinct within a run: the tests run side by side, and a shared address would mix their counts.
let lastIp = Math.floor(Math.random() * 250);
const ip = () => `203.0.113.${(lastIp++ % 250) + 1}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

type Pair = { a: TestServer; b: TestServer; databaseUrl: string };
const STORES = ["postgres", "redis"] as const;

// Both stores run side by side so they share the wait for a request to leave the window.
describe("guards before payment, shared by two server processes", { concurrency: true }, () => {
  let chain: TestChain;
  let solo: TestServer;
  const pairs = {} as Record<(typeof STORES)[number], Pair>;
  const drops: (() => Promise<void>)[] = [];
  before(async () => {
    chain = await startTestChain();
    const startPair = async (extra: Record<string, string>): Promise<Pair> => {
      const db = await createTestDatabase();
      drops.push(db.drop);
      const env = {
        RPC_URL: chain.rpcUrl,
        USDC_ADDRESS: chain.token,
        DATABASE_URL: db.url,
        TRUST_PROXY: "true",
        LIMIT_POSTS_PER_MINUTE_PER_IP: "20",
        // Processes behind one database share the secret that keys IP hashes and signs links;
        // fresh per run, so earlier runs' counters in the shared Redis never match these hashes.
        VIDEO_URL_SECRET: `guards-test-${randomBytes(16).toString("hex")}`,
        ABUSE_BLOCK_REJECTIONS: "5",
        ABUSE_BLOCK_WINDOW_SECONDS: "600",
        ABUSE_BLOCK_SECONDS: "4",
        ...extra,
      };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      return { a, b, databaseUrl: db.url };
    };
    [pairs.postgres, pairs.redis, solo] = await Promise.all([
      startPair({}),
      startPair({ REDIS_URL }),
      startServer({
        RPC_URL: chain.rpcUrl,
        USDC_ADDRESS: chain.token,
        LIMIT_POSTS_PER_MINUTE_PER_IP: "3",
      }),
    ]);
  });
  after(async () => {
    await Promise.all([
      ...Object.values(pairs).flatMap((p) => [p.a.stop(), p.b.stop()]),
      solo?.stop(),
    ]);
    await chain?.stop();
    await Promise.all(drops.map((drop) => drop()));
  });

  test("without TRUST_PROXY a forged X-Forwarded-For is ignored: the socket address is counted", {
    timeout: 60_000,
  }, async () => {
    const forged: number[] = [];
    for (let i = 0; i < 4; i++)
      forged.push(
        (
          await post(
            `${solo.url}/generate/alpha/5s-720p`,
            { prompt: "x" },
            { "x-forwarded-for": ip() },
          )
        ).status,
      );
    assert.deepEqual(forged, [402, 402, 402, 429]);
  });

  for (const store of STORES) {
    test(`${store} store: at most 20 POSTs from one IP in any 60 s across both processes; refused ones do not count`, {
      timeout: 150_000,
    }, async () => {
      const { a, b } = pairs[store];
      const client = ip();
      const send = (server: TestServer, i: number) =>
        post(
          `${server.url}/generate/alpha/5s-720p`,
          i % 3 === 0 ? { bad: true } : { prompt: "a kite" },
          { "x-forwarded-for": `${client}, 10.0.0.1` },
        );
      // Warm both processes (first compile, first store connection) with another address, so the
      // timed part below measures the window and not a cold start.
      for (const server of [a, b])
        assert.equal(
          (
            await post(
              `${server.url}/generate/alpha/5s-720p`,
              { prompt: "a kite" },
              { "x-forwarded-for": ip() },
            )
          ).status,
          402,
        );
      // The first request is counted at some moment between these two.
      const firstSent = Date.now();
      const first = await send(a, 1);
      const firstDone = Date.now();
      assert.equal(first.status, 402);
      assert.match(first.headers.get("ratelimit") ?? "", /^"default";r=19;t=60$/);
      // The other 19 a few seconds later, so the window's oldest request is clearly the first.
      await sleep(4_000);
      const statuses: number[] = [];
      for (let i = 1; i < 20; i++) {
        const res = await send(i % 2 === 0 ? a : b, i);
        statuses.push(res.status);
        assert.match(res.headers.get("ratelimit-policy") ?? "", /"default";q=20;w=60/);
        assert.match(
          res.headers.get("ratelimit") ?? "",
          new RegExp(`^"default";r=${19 - i};t=\\d+$`),
        );
      }
      assert.ok(
        statuses.every((s) => s === 402 || s === 403),
        statuses.join(","),
      );
      // The 21st, and every retry while the window is full, gets 429 until the first request leaves it.
      for (const server of [b, a, b]) {
        const sent = Date.now();
        const res = await send(server, 1);
        const done = Date.now();
        assert.equal(res.status, 429);
        assert.equal(res.headers.get("payment-required"), null);
        assert.equal(((await res.json()) as { code: string }).code, "rate_limited");
        const retry = Number(res.headers.get("retry-after"));
        // When the first request leaves the window, seen from the moment this one was counted.
        const [low, high] = [
          Math.floor((firstSent + 60_000 - done) / 1000),
          Math.ceil((firstDone + 60_000 - sent) / 1000),
        ];
        assert.ok(retry >= low && retry <= high, `Retry-After ${retry}, expected ${low}..${high}`);
        assert.match(res.headers.get("ratelimit") ?? "", new RegExp(`^"default";r=0;t=${retry}$`));
      }
      // Once the first request is 60 s old exactly one place is free: the other 19 are still inside.
      await sleep(firstDone + 60_000 + 300 - Date.now());
      const freed = await send(b, 1);
      assert.equal(freed.status, 402, "the refused retries took no place");
      assert.match(freed.headers.get("ratelimit") ?? "", /^"default";r=0;t=\d+$/);
      const full = await send(a, 1);
      assert.equal(full.status, 429, "a fixed window would have started over");
      assert.ok(Number(full.headers.get("retry-after")) <= 5);
      assert.equal(
        (await countersInDatabase(pairs[store].databaseUrl)) > 0,
        store === "postgres",
        "counters live in the configured store",
      );
    });

    test(`${store} store: repeated content rejections block the IP, then the block expires; nothing is charged`, {
      timeout: 60_000,
    }, async () => {
      const { a, b } = pairs[store];
      const client = ip();
      const payer = payingFetch(store === "postgres" ? 6 : 7);
      const before = await chain.balanceOf(payer.account.address);
      const send = (server: TestServer, prompt: string) =>
        payer.fetch(`${server.url}/generate/alpha/5s-720p`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": client },
          body: JSON.stringify({ prompt }),
        });
      for (let i = 0; i < 5; i++) {
        const res = await send(i % 2 ? a : b, `a castle --ar 16:${i}`);
        assert.equal(res.status, 403);
        assert.equal(res.headers.get("payment-required"), null);
      }
      const blocked = await send(a, "a harmless kite over a meadow");
      assert.equal(blocked.status, 429);
      assert.equal(((await blocked.json()) as { code: string }).code, "ip_blocked");
      const retry = Number(blocked.headers.get("retry-after"));
      assert.ok(retry > 0 && retry <= 4);
      const other = await post(
        `${b.url}/generate/alpha/5s-720p`,
        { prompt: "a kite" },
        { "x-forwarded-for": ip() },
      );
      assert.equal(other.status, 402, "other addresses are not blocked");
      await new Promise((r) => setTimeout(r, (retry + 1) * 1000));
      const free = await post(
        `${b.url}/generate/alpha/5s-720p`,
        { prompt: "a harmless kite over a meadow" },
        { "x-forwarded-for": client },
      );
      assert.equal(free.status, 402);
      assert.equal(await chain.balanceOf(payer.account.address), before);
      assert.equal(devnetAccount(store === "postgres" ? 6 : 7).address, payer.account.address);
    });
  }
});

async function countersInDatabase(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from rate_limit_hits`;
    return row?.n ?? 0;
  } finally {
    await sql.end();
  }
}
