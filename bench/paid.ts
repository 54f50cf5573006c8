import { type ChildProcess, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequirements } from "@x402/core/types";
import { sql } from "drizzle-orm";
import { devnetAccount, devnetPrivateKey } from "@/lib/devnet/accounts";
import { openDb } from "@/lib/platform/db/client";
import { startTestChain, type TestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { fundAccounts } from "../tests/helpers/fund";
import { payingFetch } from "../tests/helpers/payer";
import { captureOutput, startServer, type TestServer } from "../tests/helpers/server";
import { anyIp, cpuMs, type Figures, fillSql, type LoadTarget, load, seededId } from "./http";

/**
 * npm run bench -- paid [--seconds n] [--only pglite|postgres]
 *
 * Issue #28: the paid path beside the x402 reference stack, on one devnet chain and one client.
 * The built service runs on PGlite and then on Postgres, each on a new chain; the reference
 * (bench/x402-reference.ts: Express 5 + @x402/express + an in-process x402 facilitator) runs
 * beside it on the same chain, priced from the service's own 402. Both are paid by the stock
 * @x402/fetch client from distinct devnet accounts. Prints one table per database with the
 * ratios and the issue's targets. Asserts nothing.
 *
 * The service renders nothing: LOCAL_RENDER_WAIT_ONLY with a wait longer than the bench keeps
 * every paid job rendering, so no ffmpeg, delivery, poster or output screening shares the cores
 * with the paid path. Its upstream polls are slowed to one a minute per job (POLL_INTERVAL_MS)
 * for the same reason, and its queue limits are raised (LIMIT_QUEUE_CAPACITY,
 * LIMIT_ACTIVE_JOBS_PER_WALLET) so capacity never refuses a paid request; the per-IP limits stay
 * the shipped ones, every request coming from its own address.
 */
export type PaidBenchOptions = {
  /** Load duration of each timed scenario. */
  seconds: number;
  only: "pglite" | "postgres" | null;
  payerCounts?: number[];
  isolatedSamples?: number;
  idleSeconds?: number;
  /** How long after the loads the idle window starts (their tail is measured on its own). */
  tailSeconds?: number;
  seededJobs?: number;
};

/** What one side answered, for the integration test's correctness checks. */
export type Tally = { paid: number; paidWrong: number; unpaid: number; unpaidWrong: number };
export type PaidRow = {
  name: string;
  unit: string;
  service: number;
  /** The reference's figure (for GET /jobs/{id}, the service's own /healthz). */
  reference: number;
  /** Reel402 over the reference (or over /healthz); null where a row is absolute. */
  ratio: number | null;
  target: string;
  met: boolean;
};
export type PaidBenchReport = {
  header: string[];
  price: bigint;
  tables: { kind: "pglite" | "postgres"; rows: PaidRow[] }[];
  tallies: Record<string, Tally>;
  /** Every payer's paid requests and what the chain says it was charged over the whole run. */
  payers: { index: number; requests: number; charged: bigint }[];
};

export const PRODUCT = "/generate/alpha-fast/5s-720p";
const QUOTE = JSON.stringify({ prompt: "a lighthouse at dusk" });
const CONNECTIONS = 16;
// The pause before each isolated round trip.
const ISOLATION_MS = 200;
// #0 is the service's operator and #9 the reference's facilitator (each sends its own
// settlements); the payers are the other funded accounts and, beyond them, accounts funded here.
const REFERENCE_FACILITATOR = 9;
export const PAYERS = [1, 2, 3, 4, 5, 6, 7, 8, ...Array.from({ length: 56 }, (_, i) => 10 + i)];
const EXTRA_FUNDING = 1_000_000_000n;
export const SERVICE_ENV = {
  TRUST_PROXY: "true",
  LIMIT_POSTS_PER_MINUTE_PER_IP: "20",
  ABUSE_BLOCK_REJECTIONS: "5",
  LIMIT_QUEUE_CAPACITY: "1000000",
  LIMIT_ACTIVE_JOBS_PER_WALLET: "1000000",
  LOCAL_RENDER_WAIT_ONLY: "true",
  LOCAL_RENDER_MIN_LATENCY_MS: String(60 * 60_000),
  POLL_INTERVAL_MS: "60000",
};

export type Reference = LoadTarget & { stop: () => Promise<void> };

export const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
};

/** A new devnet chain with the bench's first `count` payers funded (those past #9 topped up). */
export async function fundedChain(count: number): Promise<TestChain> {
  const chain = await startTestChain();
  try {
    const extra = PAYERS.slice(0, count).filter((i) => i > 9);
    await fundAccounts(chain.rpcUrl, chain.token, extra, EXTRA_FUNDING);
    return chain;
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

/** What the service's 402 asks for the product: the reference charges the same, to the same payee. */
export async function advertised(serviceUrl: string): Promise<PaymentRequirements> {
  const res = await fetch(`${serviceUrl}${PRODUCT}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": anyIp() },
    body: QUOTE,
  });
  const header = res.headers.get("payment-required");
  const accepted = header ? decodePaymentRequiredHeader(header).accepts[0] : undefined;
  if (res.status !== 402 || !accepted)
    throw new Error(`expected a 402 with a payment option from the service, got ${res.status}`);
  return accepted;
}

/** The reference stack in its own process, priced and paid to as the service's 402 says. */
export async function startReference(
  chain: TestChain,
  accepted: PaymentRequirements,
): Promise<Reference> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/x402-reference.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      REF_NETWORK: accepted.network,
      REF_RPC_URL: chain.rpcUrl,
      REF_ROUTE: PRODUCT,
      REF_AMOUNT: accepted.amount,
      REF_ASSET: accepted.asset,
      REF_EXTRA: JSON.stringify(accepted.extra ?? {}),
      REF_PAY_TO: accepted.payTo,
      REF_FACILITATOR_KEY: devnetPrivateKey(REFERENCE_FACILITATOR),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const deadline = Date.now() + 60_000;
  const portOf = () => /listening on (\d+)/.exec(output())?.[1];
  while (!portOf()) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the reference stack did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${portOf()}`,
    process: child,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export async function runPaidBench(
  options: PaidBenchOptions,
  log: (line: string) => void = () => {},
): Promise<PaidBenchReport> {
  if (options.only && !["pglite", "postgres"].includes(options.only))
    throw new Error("--only takes pglite or postgres");
  const payerCounts = options.payerCounts ?? [1, 8, 32];
  const isolatedSamples = options.isolatedSamples ?? 30;
  const idleSeconds = options.idleSeconds ?? 30;
  const tail = options.tailSeconds ?? 120;
  const seededJobs = options.seededJobs ?? 1_000;
  const kinds = (["pglite", "postgres"] as const).filter(
    (k) => !options.only || options.only === k,
  );
  const payers = PAYERS.slice(0, Math.max(1, ...payerCounts));
  const requests = new Map<number, number>(payers.map((i) => [i, 0]));
  const tallies: Record<string, Tally> = {};
  const tally = (side: string) => {
    tallies[side] ??= { paid: 0, paidWrong: 0, unpaid: 0, unpaidWrong: 0 };
    return tallies[side];
  };

  // What the chain says each payer was charged, summed over the databases' chains.
  const charged = new Map<number, bigint>(payers.map((i) => [i, 0n]));
  const clients = new Map(payers.map((i) => [i, payingFetch(i)]));

  /** One paid round trip by payer #index; true when answered 200 with a job. */
  const pay = async (target: LoadTarget, side: string, index: number, n: number) => {
    requests.set(index, (requests.get(index) ?? 0) + 1);
    const res = await clients.get(index)?.fetch(`${target.url}${PRODUCT}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": anyIp() },
      body: JSON.stringify({ prompt: `a lighthouse at dusk, take ${index}-${n}-${Date.now()}` }),
    });
    const body = res ? ((await res.json().catch(() => null)) as { job_id?: unknown } | null) : null;
    const ok = res?.status === 200 && typeof body?.job_id === "string";
    tally(side).paid++;
    if (!ok) tally(side).paidWrong++;
    return ok;
  };
  let take = 0;
  /** `count` payers, each paying in a loop for `seconds`; the round trips' durations. */
  const payLoop = async (target: LoadTarget, side: string, count: number, seconds: number) => {
    const samples: number[] = [];
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      payers.slice(0, count).map(async (index) => {
        while (performance.now() < end) {
          const t = performance.now();
          await pay(target, side, index, take++);
          samples.push(performance.now() - t);
        }
      }),
    );
    return samples;
  };
  /**
   * Both sides' throughput with `count` payers, in halves run A B B A: each side runs once
   * before and once after the other, so neither always meets the chain longer (the devnet's
   * cost per transfer grows with its history) or the other's backlog.
   */
  const throughput = async (sides: { side: string; target: LoadTarget }[], count: number) => {
    const samples = new Map<string, number[]>(sides.map(({ side }) => [side, []]));
    const seconds = new Map<string, number>(sides.map(({ side }) => [side, 0]));
    for (const { side, target } of [...sides, ...[...sides].reverse()]) {
      const start = performance.now();
      samples.get(side)?.push(...(await payLoop(target, side, count, options.seconds / 2)));
      seconds.set(side, (seconds.get(side) ?? 0) + (performance.now() - start) / 1000);
    }
    return new Map(
      [...samples].map(([side, s]) => [
        side,
        {
          rps: s.length / (seconds.get(side) ?? Number.NaN),
          p50: quantile(s, 0.5),
          p95: quantile(s, 0.95),
        },
      ]),
    );
  };
  /**
   * One payer's round trips, one at a time, to both sides in turns. Until now no paid request
   * has run on either, so each side is first paid as many times as it is measured: the figures
   * are the paid path's, not its first compilation. Then the sides alternate sample by sample
   * (which goes first alternating too), so both meet the machine in the same mood; each round
   * trip starts once the one before it has settled for ISOLATION_MS, so it meets a quiet
   * service: the work a paid request leaves behind it (the engine starting its job) is the
   * throughput rows' to show, not this one's.
   */
  const isolated = async (sides: { side: string; target: LoadTarget }[]) => {
    const index = payers[0] ?? 1;
    const samples = new Map<string, number[]>(sides.map(({ side }) => [side, []]));
    for (const { side, target } of sides)
      for (let i = 0; i < isolatedSamples; i++) await pay(target, side, index, take++);
    for (let i = 0; i < isolatedSamples; i++) {
      for (const { side, target } of i % 2 ? [...sides].reverse() : sides) {
        await new Promise((r) => setTimeout(r, ISOLATION_MS));
        const t = performance.now();
        await pay(target, side, index, take++);
        samples.get(side)?.push(performance.now() - t);
      }
    }
    return new Map(
      [...samples].map(([side, s]) => [
        side,
        { rps: Number.NaN, p50: quantile(s, 0.5), p95: quantile(s, 0.95) },
      ]),
    );
  };
  const unpaid = async (target: LoadTarget, side: string, seconds: number) => {
    const f = await load(
      target,
      seconds,
      {
        method: "POST",
        path: PRODUCT,
        body: QUOTE,
        ip: true,
      },
      402,
    );
    return count(side, f);
  };
  const count = (side: string, f: Figures) => {
    tally(side).unpaid += Math.round(f.rps * options.seconds);
    tally(side).unpaidWrong += f.wrong;
    return f;
  };

  const tables: PaidBenchReport["tables"] = [];
  let price = 0n;
  for (const kind of kinds) {
    log(`\n${kind}: starting the service (${seededJobs} seeded jobs)`);
    // Each database meets a new chain and a new reference: the devnet's cost per transfer
    // grows with its history, so the second database would otherwise be measured on a chain
    // the first one's run had made slower (receipts late enough to cost a polling interval).
    const chain = await fundedChain(payers.length);
    let seeded: Awaited<ReturnType<typeof seededData>> | null = null;
    let reference: Reference | null = null;
    let server: TestServer | null = null;
    try {
      seeded = await seededData(kind, seededJobs);
      const { env, dataDir } = seeded;
      const before = new Map<number, bigint>();
      for (const i of payers) before.set(i, await chain.balanceOf(devnetAccount(i).address));
      server = await startServer(
        { RPC_URL: chain.rpcUrl, USDC_ADDRESS: chain.token, ...SERVICE_ENV, ...env },
        { dataDir },
      );
      const accepted = await advertised(server.url);
      price = BigInt(accepted.amount);
      reference = await startReference(chain, accepted);
      const sides = [
        { side: kind, target: server as LoadTarget },
        { side: "reference", target: reference as LoadTarget },
      ];
      const rows: PaidRow[] = [];
      /** One figure of both sides; `pass` judges the ratio (Reel402 over the reference) unless `absolute`. */
      const row = (
        name: string,
        unit: string,
        service: number,
        ref: number,
        target = "",
        pass: (ratio: number) => boolean = () => true,
        absolute = false,
      ) => {
        const ratio = absolute ? null : service / ref;
        rows.push({
          name,
          unit,
          service,
          reference: ref,
          ratio,
          target,
          met: pass(ratio ?? service),
        });
        log(`  ${name}: ${service.toFixed(1)} ${unit} vs ${ref.toFixed(1)}`);
      };

      // The first requests of a route compile it: one unmeasured second of each load first.
      for (const { target } of sides)
        await load(target, 1, { method: "POST", path: PRODUCT, body: QUOTE, ip: true }, 402);
      const svc402 = await unpaid(server, kind, options.seconds);
      const ref402 = await unpaid(reference, "reference", options.seconds);
      row("unpaid 402", "req/s", svc402.rps, ref402.rps, "≥ 0.15×", (x) => x >= 0.15);
      row("unpaid 402 p99", "ms", svc402.p99, ref402.p99);

      const jobPath = () => `/jobs/${seededId(1 + randomInt(seededJobs))}`;
      const free = (path: string | (() => string), seconds: number) =>
        load(server as LoadTarget, seconds, { method: "GET", path, ip: true }, 200);
      await free(jobPath, 1);
      const healthz = await free("/healthz", options.seconds);
      const jobs = await free(jobPath, options.seconds);
      tally(kind).unpaid += Math.round((healthz.rps + jobs.rps) * options.seconds);
      tally(kind).unpaidWrong += healthz.wrong + jobs.wrong;
      // Here the other column is the service's own /healthz, not the reference.
      row(
        "GET /jobs/{id} vs /healthz",
        "req/s",
        jobs.rps,
        healthz.rps,
        "≥ 0.7× /healthz",
        (x) => x >= 0.7,
      );

      // Both processes idle over the same windows, so both see the same machine. The first
      // two minutes after the loads hold their tail: the upkeep keeps its 1 s ticks for 30 s
      // after the last request, and V8 then shrinks the heap the loads grew, once, with a full
      // collection of the live heap (~0.5 s of CPU here). V8's memory reducer looks every 8 s
      // and starts that collection once the allocation rate it has sampled reads low, which the
      // loads' samples hold off for up to its 100 s watchdog: measured at 38-50 s in some runs
      // and ~100 s in others. The idle figure is the next 30 s, the steady state.
      const cpuAtEnd = [cpuMs(server), cpuMs(reference)];
      await new Promise((r) => setTimeout(r, tail * 1000));
      const cpuBefore = [cpuMs(server), cpuMs(reference)];
      await new Promise((r) => setTimeout(r, idleSeconds * 1000));
      const cpuAfter = [cpuMs(server), cpuMs(reference)];
      const share = (from: (number | null)[], to: (number | null)[], seconds: number) =>
        [0, 1].map(
          (i) => (((to[i] ?? Number.NaN) - (from[i] ?? Number.NaN)) / (seconds * 1000)) * 100,
        );
      const [svcTail, refTail] = share(cpuAtEnd, cpuBefore, tail);
      const [svcIdle, refIdle] = share(cpuBefore, cpuAfter, idleSeconds);
      row(
        `CPU, first ${tail} s after loads`,
        "% core",
        svcTail ?? Number.NaN,
        refTail ?? Number.NaN,
        "",
        () => true,
        true,
      );
      row(
        "idle CPU",
        "% core",
        svcIdle ?? Number.NaN,
        refIdle ?? Number.NaN,
        "< 1 %",
        (x) => x < 1,
        true,
      );

      const one = await isolated(sides);
      const none = { rps: Number.NaN, p50: Number.NaN, p95: Number.NaN };
      const svcOne = one.get(kind) ?? none;
      const refOne = one.get("reference") ?? none;
      row("paid round trip p50", "ms", svcOne.p50, refOne.p50, "≤ 1.5×", (x) => x <= 1.5);
      row("paid round trip p95", "ms", svcOne.p95, refOne.p95);

      const floor = kind === "postgres" ? 0.7 : 0.5;
      for (const n of payerCounts) {
        const figures = await throughput(sides, n);
        const s = figures.get(kind) ?? none;
        const r = figures.get("reference") ?? none;
        const name = `paid, ${n} payer${n > 1 ? "s" : ""}`;
        if (n >= 8) row(name, "paid/s", s.rps, r.rps, `≥ ${floor}×`, (x) => x >= floor);
        else row(name, "paid/s", s.rps, r.rps);
        row(`${name} p50`, "ms", s.p50, r.p50);
      }
      tables.push({ kind, rows });
      for (const i of payers) {
        const after = await chain.balanceOf(devnetAccount(i).address);
        charged.set(i, (charged.get(i) ?? 0n) + (before.get(i) ?? 0n) - after);
      }
    } finally {
      await server?.stop();
      await seeded?.cleanup();
      await reference?.stop();
      await chain.stop();
    }
  }
  const result = payers.map((index) => ({
    index,
    requests: requests.get(index) ?? 0,
    charged: charged.get(index) ?? 0n,
  }));
  return { header: machine(), price, tables, tallies, payers: result };
}

/** A throw-away database with `jobs` finished jobs: a Postgres database, or a PGlite folder. */
async function seededData(
  kind: "pglite" | "postgres",
  jobs: number,
): Promise<{ env: Record<string, string>; dataDir?: string; cleanup: () => Promise<void> }> {
  const created = kind === "postgres" ? await createTestDatabase() : null;
  const dir = created ? ".data" : mkdtempSync(path.join(tmpdir(), "reel402-bench-paid-"));
  const { db, close } = await openDb(created?.url, dir);
  await db.execute(sql.raw(fillSql(1, jobs)));
  await db.execute(sql`analyze jobs`);
  await close();
  if (created) return { env: { DATABASE_URL: created.url }, cleanup: created.drop };
  // PGlite is one process's: the service opens the folder once the seeding is closed.
  rmSync(path.join(dir, "pglite.pid"), { force: true });
  return {
    env: {},
    dataDir: dir,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function machine(): string[] {
  const model =
    /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpus()[0]?.model;
  return [
    `date: ${new Date().toISOString()}`,
    `machine: ${cpus().length} cores, ${model ?? "unknown CPU"}, Node ${process.version}`,
  ];
}

const num = (v: number | null) =>
  v === null ? "" : Number.isFinite(v) ? v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0) : "n/a";

export async function benchPaid(options: PaidBenchOptions): Promise<void> {
  console.log(
    `paid (Reel402 beside the x402 reference stack: Express 5 + @x402/express + in-process facilitator; ` +
      `${options.seconds} s per load, autocannon ${CONNECTIONS} connections for unpaid loads)`,
  );
  const report = await runPaidBench(options, (line) => console.log(line));
  console.log("");
  for (const line of report.header) console.log(line);
  console.log(`price: ${report.price} atomic USDC per paid request, on both sides`);
  for (const { kind, rows } of report.tables) {
    console.log(`\n${kind}`);
    console.log(
      `  ${"scenario".padEnd(28)} ${"unit".padEnd(7)} ${"Reel402".padStart(9)} ${"reference".padStart(10)} ${"ratio".padStart(7)}  target`,
    );
    for (const r of rows)
      console.log(
        `  ${r.name.padEnd(28)} ${r.unit.padEnd(7)} ${num(r.service).padStart(9)} ${num(r.reference).padStart(10)} ${(r.ratio === null ? "" : `${num(r.ratio)}×`).padStart(7)}  ${r.target}${r.target ? (r.met ? "  met" : "  NOT met") : ""}`,
      );
  }
  console.log("\n(the GET /jobs row's reference column is the service's own /healthz)");
  for (const [side, t] of Object.entries(report.tallies))
    console.log(
      `answers, ${side}: ${t.paid} paid (${t.paidWrong} not 200 with a job), ~${t.unpaid} unpaid (${t.unpaidWrong} unexpected)`,
    );
  const miss = report.payers.filter((p) => p.charged !== report.price * BigInt(p.requests));
  console.log(
    miss.length
      ? `payers charged other than the price once per request: ${miss.map((p) => `#${p.index} ${p.requests} requests, ${p.charged} charged`).join("; ")}`
      : `every payer was charged the price exactly once per paid request (${report.payers.length} payers, on chain)`,
  );
}
