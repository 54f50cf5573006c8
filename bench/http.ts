import { createHash, randomInt } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openDb } from "@/lib/platform/db/client";
import { startTestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { payingFetch } from "../tests/helpers/payer";
import { startServer, type TestServer } from "../tests/helpers/server";

/**
 * npm run bench -- http [--compare <dir>] [--seconds n] [--pglite-1m]
 *
 * Starts the built server (this checkout's .next, and another built checkout's with --compare, on
 * identical copies of the data) on Postgres and on PGlite, seeds 1k and then 1M jobs, and loads it
 * with autocannon at 16 connections. Builds are measured in turns, scenario by scenario, so both
 * see the same machine. Prints req/s, p50 and p99 per scenario and each one's throughput beside
 * /healthz (no I/O) and /readyz (one database round trip). Asserts nothing.
 */
export type HttpBenchOptions = { compare: string | null; seconds: number; pglite1m: boolean };

const CONNECTIONS = 16;
const PRODUCT = "/generate/alpha-fast/5s-720p";
const PAID_REQUESTS = 24;
const SEEDED_IDS = 1000;
const ROUNDS = 3;

type Build = { label: string; dir: string };
/** Anything served by its own process: the built service, or another stack measured beside it. */
export type LoadTarget = Pick<TestServer, "url" | "process">;
export type Figures = {
  rps: number;
  p50: number;
  p99: number;
  wrong: number;
  cpuMs: number | null;
};
type Scenario = {
  name: string;
  expect: number;
  warm?: (server: TestServer) => Promise<unknown>;
  run: (server: TestServer) => Promise<Figures>;
};

/** The uuid of seeded job i, so GET /jobs/{id} can ask for rows that exist without reading them back. */
export const seededId = (i: number) =>
  createHash("md5")
    .update(String(i))
    .digest("hex")
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
// Every unpaid request comes from its own address, as a crowd of agents would: the per-IP limits
// stay at their defaults and no client reaches them.
export const anyIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

/** Finished jobs only, so the queue's capacity is not what a 402 measures. */
export const fillSql = (
  from: number,
  to: number,
) => `insert into jobs (id, sku, status, spec, payer, amount_atomic, network, started_at, finished_at, created_at)
  select md5(i::text)::uuid, 'alpha-fast-5s-720p', (array['succeeded','succeeded','failed','cancelled'])[1 + (i % 4)],
         '{"prompt":"seeded","ratio":"16:9"}'::jsonb, '0xpayer' || (i % 500), 910000, 'eip155:31337',
         now() - interval '1 hour' - (i || ' seconds')::interval, now() - (i || ' seconds')::interval, now()
  from generate_series(${from}, ${to}) as s(i)`;

/** CPU time a child process (a server, the chain) has used (user + system), in ms; null off Linux. */
export function cpuMs(server: Pick<LoadTarget, "process">): number | null {
  try {
    const fields =
      readFileSync(`/proc/${server.process.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export async function load(
  server: LoadTarget,
  seconds: number,
  req: { method: "GET" | "POST"; path: string | (() => string); body?: string; ip?: boolean },
  expect: number,
): Promise<Figures> {
  const cpuBefore = cpuMs(server);
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: req.method,
        path: typeof req.path === "string" ? req.path : "/",
        headers: req.body ? { "content-type": "application/json" } : {},
        ...(req.body ? { body: req.body } : {}),
        setupRequest: (r: Record<string, unknown>) => ({
          ...r,
          ...(typeof req.path === "function" ? { path: req.path() } : {}),
          headers: {
            ...(r.headers as Record<string, string>),
            ...(req.ip ? { "x-forwarded-for": anyIp() } : {}),
          },
        }),
      },
    ],
  });
  const codes =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
      .statusCodeStats ?? {};
  const wrong =
    Object.entries(codes).reduce((n, [code, s]) => (Number(code) === expect ? n : n + s.count), 0) +
    result.errors +
    result.timeouts;
  const cpuAfter = cpuMs(server);
  const cpu =
    cpuBefore === null || cpuAfter === null || !result.requests.total
      ? null
      : (cpuAfter - cpuBefore) / result.requests.total;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    wrong,
    cpuMs: cpu,
  };
}

/**
 * Paid jobs render on this machine's cores after their round trip ends; the next build's paid
 * round must not share the cores with them, or the order of the builds decides the figure.
 */
async function untilIdle(servers: TestServer[], timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const server of servers) {
    while (Date.now() < deadline) {
      const status = (await (await fetch(`${server.url}/status`)).json()) as { in_flight: number };
      if (status.in_flight === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The paid round trip with a stock x402 client (402, sign, pay, settle on the devnet chain); 4 at a time. */
async function paid(server: TestServer): Promise<Figures> {
  const payer = payingFetch(7);
  const samples: number[] = [];
  let wrong = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < PAID_REQUESTS) {
        const n = next++;
        const t = performance.now();
        const res = await payer.fetch(`${server.url}${PRODUCT}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": anyIp() },
          body: JSON.stringify({ prompt: `a lighthouse at dusk, take ${n} ${Date.now()}` }),
        });
        await res.arrayBuffer();
        samples.push(performance.now() - t);
        if (res.status !== 200) wrong++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0;
  return { rps: samples.length / seconds, p50: at(0.5), p99: at(0.99), wrong, cpuMs: null };
}

function scenarios(seconds: number): Scenario[] {
  const quote = JSON.stringify({ prompt: "a lighthouse at dusk" });
  const refused = JSON.stringify({ prompt: "a lighthouse at dusk --ar 21:9" });
  const warmup = measured(1, quote, refused);
  // A second of the same load first, unmeasured: the first requests of a route compile it.
  return measured(seconds, quote, refused).map((s, i) =>
    s.name.startsWith("paid") ? s : { ...s, warm: warmup[i]?.run },
  );
}

function measured(seconds: number, quote: string, refused: string): Scenario[] {
  return [
    {
      name: "GET /healthz",
      expect: 200,
      run: (s) => load(s, seconds, { method: "GET", path: "/healthz" }, 200),
    },
    {
      name: "GET /readyz",
      expect: 200,
      run: (s) => load(s, seconds, { method: "GET", path: "/readyz" }, 200),
    },
    {
      name: "POST 402 challenge",
      expect: 402,
      run: (s) => load(s, seconds, { method: "POST", path: PRODUCT, body: quote, ip: true }, 402),
    },
    {
      name: "POST 403 content policy",
      expect: 403,
      run: (s) => load(s, seconds, { method: "POST", path: PRODUCT, body: refused, ip: true }, 403),
    },
    {
      name: "GET /jobs/{id}",
      expect: 200,
      run: (s) =>
        load(
          s,
          seconds,
          {
            method: "GET",
            path: () => `/jobs/${seededId(1 + randomInt(SEEDED_IDS))}`,
            // A crowd of pollers: one address would meet the free-read limit, not the route.
            ip: true,
          },
          200,
        ),
    },
    {
      name: "GET /status",
      expect: 200,
      run: (s) => load(s, seconds, { method: "GET", path: "/status" }, 200),
    },
    { name: "paid round trip (4 clients)", expect: 200, run: paid },
  ];
}

type Data = { env: Record<string, string>; dataDir?: string };

/** One seeded copy of the data per build: a Postgres database cloned from a template, or a copied PGlite folder. */
async function prepareData(
  kind: "postgres" | "pglite",
  builds: Build[],
  jobs: number,
  previous: number,
  state: { template?: string; pgliteDir?: string },
): Promise<{ data: Data[]; cleanup: () => Promise<void> }> {
  const t = performance.now();
  if (kind === "postgres") {
    state.template ??= (await createTestDatabase()).url;
    const template = state.template;
    const { db, close } = await openDb(template, ".data");
    await db.execute(sql.raw(fillSql(previous + 1, jobs)));
    await db.execute(sql`analyze jobs`);
    await close();
    const admin = postgres(template.replace(/\/[^/]*$/, "/postgres"), {
      max: 1,
      onnotice: () => {},
    });
    const templateName = template.split("/").pop() ?? "";
    const copies = builds.map((_, i) => `${templateName}_${i}`);
    for (const name of copies)
      await admin.unsafe(`create database ${name} template ${templateName}`);
    await admin.end();
    console.log(
      `  seeded ${jobs} jobs on Postgres in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    return {
      data: copies.map((name) => ({
        env: { DATABASE_URL: template.replace(/\/[^/]*$/, `/${name}`) },
      })),
      cleanup: async () => {
        const a = postgres(template.replace(/\/[^/]*$/, "/postgres"), {
          max: 1,
          onnotice: () => {},
        });
        for (const name of copies) await a.unsafe(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  state.pgliteDir ??= mkdtempSync(path.join(tmpdir(), "reel402-bench-"));
  const seeded = state.pgliteDir;
  const { db, close } = await openDb(undefined, seeded);
  await db.execute(sql.raw(fillSql(previous + 1, jobs)));
  await db.execute(sql`analyze jobs`);
  await close();
  rmSync(path.join(seeded, "pglite.pid"), { force: true });
  const dirs = builds.map(() => {
    const dir = mkdtempSync(path.join(tmpdir(), "reel402-bench-"));
    cpSync(seeded, dir, { recursive: true });
    return dir;
  });
  console.log(
    `  seeded ${jobs} jobs on PGlite in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  return {
    data: dirs.map((dir) => ({ env: {}, dataDir: dir })),
    cleanup: async () => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const combine = (fs: Figures[]): Figures => ({
  rps: fs.reduce((n, f) => n + f.rps, 0) / fs.length,
  p50: median(fs.map((f) => f.p50)),
  p99: median(fs.map((f) => f.p99)),
  wrong: fs.reduce((n, f) => n + f.wrong, 0),
  cpuMs: fs.every((f) => f.cpuMs !== null)
    ? fs.reduce((n, f) => n + (f.cpuMs ?? 0), 0) / fs.length
    : null,
});

const fmt = (f: Figures, base: Figures | undefined) =>
  [
    `${f.rps.toFixed(f.rps < 10 ? 1 : 0).padStart(6)} req/s`,
    `p50 ${f.p50.toFixed(0).padStart(4)} ms`,
    `p99 ${f.p99.toFixed(0).padStart(5)} ms`,
    base ? `${(f.rps / base.rps).toFixed(2)}×` : "  1.00×",
    f.cpuMs === null ? "" : `cpu ${f.cpuMs.toFixed(2).padStart(5)} ms/req`,
    f.cpuMs !== null && base?.cpuMs ? `${(base.cpuMs / f.cpuMs).toFixed(2)}×` : "",
    f.wrong ? `(${f.wrong} unexpected)` : "",
  ].join("  ");

export async function benchHttp(options: HttpBenchOptions): Promise<void> {
  const builds: Build[] = [{ label: "this build", dir: process.cwd() }];
  if (options.compare)
    builds.unshift({ label: path.basename(options.compare), dir: path.resolve(options.compare) });
  const chain = await startTestChain();
  const env = {
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    TRUST_PROXY: "true",
    // The shipped limits, not the test server's relaxed ones.
    LIMIT_POSTS_PER_MINUTE_PER_IP: "20",
    ABUSE_BLOCK_REJECTIONS: "5",
    LIMIT_QUEUE_CAPACITY: "1000",
    LIMIT_ACTIVE_JOBS_PER_WALLET: "1000",
  };
  console.log(
    `http (autocannon, ${CONNECTIONS} connections; per row ${ROUNDS} rounds of ${options.seconds} s, builds in alternating turns;`,
  );
  console.log(
    "  req/s with its ratio to /healthz; p50 and p99 (median of rounds); server CPU per request with /healthz's CPU per request over it)",
  );
  try {
    for (const kind of ["postgres", "pglite"] as const) {
      const state: { template?: string; pgliteDir?: string } = {};
      let previous = 0;
      for (const jobs of kind === "pglite" && !options.pglite1m ? [1_000] : [1_000, 1_000_000]) {
        console.log(`\n${kind}, ${jobs.toLocaleString("en")} jobs`);
        const { data, cleanup } = await prepareData(kind, builds, jobs, previous, state);
        previous = jobs;
        const servers: TestServer[] = [];
        try {
          for (const [i, b] of builds.entries())
            servers.push(
              await startServer(
                { ...env, ...data[i]?.env },
                { cwd: b.dir, dataDir: data[i]?.dataDir },
              ),
            );
          const baselines = new Map<string, Figures>();
          for (const s of scenarios(options.seconds)) {
            for (const server of servers) await s.warm?.(server);
            // Rounds in alternating order (A B, B A, A B): both builds see the same stretches of a busy machine.
            const rounds: Figures[][] = builds.map(() => []);
            for (let r = 0; r < (s.name.startsWith("paid") ? 1 : ROUNDS); r++) {
              const order = r % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
              for (const i of order) {
                const server = servers[i];
                if (s.name.startsWith("paid")) await untilIdle(servers);
                if (server) rounds[i]?.push(await s.run(server));
              }
            }
            for (const [i, b] of builds.entries()) {
              const f = combine(rounds[i] ?? []);
              if (s.name === "GET /healthz") baselines.set(b.label, f);
              console.log(
                `  ${s.name.padEnd(28)} ${b.label.padEnd(12)} ${fmt(f, s.name === "GET /healthz" ? undefined : baselines.get(b.label))}`,
              );
            }
          }
        } finally {
          for (const s of servers) await s.stop();
          await cleanup();
        }
      }
      if (state.template) {
        const name = state.template.split("/").pop();
        const a = postgres(state.template.replace(/\/[^/]*$/, "/postgres"), {
          max: 1,
          onnotice: () => {},
        });
        await a.unsafe(`drop database if exists ${name} with (force)`);
        await a.end();
      }
      if (state.pgliteDir) rmSync(state.pgliteDir, { recursive: true, force: true });
    }
  } finally {
    await chain.stop();
  }
}
