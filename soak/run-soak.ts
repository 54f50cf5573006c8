import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { createPublicClient, http, type PublicClient } from "viem";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { startTestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { fundAccounts } from "../tests/helpers/fund";
import { runChaos } from "./chaos";
import {
  type Check,
  checkNetChange,
  checkOutcomes,
  checkSingleGeneration,
  paidJobs,
} from "./checks";
import { type Cluster, startCluster } from "./cluster";
import { type Exchange, type JobOutcome, refusedPayments, runLoad, sleep } from "./load";
import { sampleGeneratingPerWallet } from "./sampler";

export type SoakProfile = {
  jobs: number;
  wallets: number;
  kills: number;
  instances: number;
  failureRate: number;
  settleTimeoutMs: number;
  redisUrl: string;
};
export type SoakReport = { checks: Check[]; figures: Record<string, string | number>; ok: boolean };

const PER_WALLET_LIMIT = 5;
const FIRST_WALLET = 20;

/** The whole soak: chain, database, cluster behind HAProxy, paid load under chaos, then the checks. Cleans up everything it started. */
export async function runSoak(
  profile: SoakProfile,
  log: (line: string) => void = console.log,
): Promise<SoakReport> {
  const runId = randomBytes(4).toString("hex");
  const workDir = mkdtempSync(path.join(tmpdir(), "reel402-soak-"));
  const dataDir = path.join(workDir, "data");
  const chain = await startTestChain();
  const db = await createTestDatabase();
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  let cluster: Cluster | null = null;
  try {
    const wallets = Array.from({ length: profile.wallets }, (_, i) => FIRST_WALLET + i);
    await fundAccounts(chain.rpcUrl, chain.token, wallets, 1_000_000_000n);
    const addresses = wallets.map((w) => devnetAccount(w).address as string);
    const balances = async () =>
      new Map(
        await Promise.all(addresses.map(async (a) => [a, await chain.balanceOf(a)] as const)),
      );
    const before = await balances();

    const env = {
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      REDIS_URL: profile.redisUrl,
      // Every instance signs links, chains the audit log and signs receipts with the same secrets.
      VIDEO_URL_SECRET: randomBytes(24).toString("hex"),
      AUDIT_CHAIN_SECRET: randomBytes(24).toString("hex"),
      RECEIPT_SIGNING_SECRET: randomBytes(24).toString("hex"),
      LOCAL_RENDER_FAULT_RATE: String(profile.failureRate),
      // A request whose instance is killed between verify and settle keeps its Idempotency-Key in
      // flight (409) until the reconciler can read the outcome from the chain: at the latest when the
      // authorization expires. A one-minute window keeps that wait inside the clients' patience; the
      // service's default stays 300 s.
      PAYMENT_VALIDITY_SECONDS: "60",
      LOCAL_RENDER_MIN_LATENCY_MS: "1500",
      POLL_INTERVAL_MS: "300",
      FACILITATOR_TIMEOUT_MS: "5000",
      LIMIT_QUEUE_CAPACITY: "1000",
      LIMIT_ACTIVE_JOBS_PER_WALLET: String(PER_WALLET_LIMIT),
      // Client addresses come from HAProxy's X-Forwarded-For, as docs/operators.md's scaling section says.
      TRUST_PROXY: "true",
    };
    log(
      `soak ${runId}: ${profile.jobs} jobs from ${profile.wallets} wallets, ${profile.instances} instances, ${profile.kills} kills, renderer failure rate ${profile.failureRate}`,
    );
    cluster = await startCluster({ instances: profile.instances, env, dataDir, workDir });
    log(`cluster up behind HAProxy at ${cluster.url}`);

    const sampler = sampleGeneratingPerWallet(sql);
    const exchanges: Exchange[] = [];
    const chaos = runChaos(cluster, {
      kills: profile.kills,
      everyMs: [2_000, 5_000],
      stop: () => false,
    });
    // Awaited after the load; a failed restart must not surface earlier as an unhandled rejection.
    chaos.catch(() => undefined);
    const outcomes = await runLoad({
      url: cluster.url,
      wallets,
      jobs: profile.jobs,
      runId,
      exchanges,
    });
    log(`load done: ${outcomes.filter((o) => o.jobId).length}/${outcomes.length} jobs accepted`);
    const chaosLog = await chaos;
    log(
      `chaos done: ${chaosLog.kills.length} kills (${chaosLog.kills.map((k) => `${k.instance} ${k.downMs} ms`).join(", ")})`,
    );
    await waitForQuiet(sql, profile.settleTimeoutMs);
    const sampled = await sampler.stop();

    const pub = createPublicClient({
      chain: devnetChain(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    }) as PublicClient;
    const jobs = (await paidJobs(sql)).filter((j) => j.prompt.includes(`take ${runId}`));
    const after = await balances();
    const net = checkNetChange(jobs, before, after);
    const single = await checkSingleGeneration(sql, path.join(dataDir, "renders"), jobs);
    const checks: Check[] = [
      clientCheck(
        outcomes,
        jobs.map((j) => j.id),
        profile.jobs,
      ),
      await checkOutcomes(jobs, pub, chain.token, devnetAccount(0).address),
      net,
      single,
      {
        name: `never more than ${PER_WALLET_LIMIT} generating per wallet`,
        ok: sampled.max <= PER_WALLET_LIMIT && sampled.max > 0,
        detail: `max ${sampled.max} over ${sampled.samples} samples`,
      },
      await auditCheck({ ...env, DATA_DIR: dataDir }),
      {
        name: `${profile.kills} instances SIGKILLed and restarted`,
        ok: chaosLog.kills.length === profile.kills,
        detail: `${chaosLog.kills.length} kills`,
      },
    ];
    const during = exchanges.filter(
      (e) => e.at >= chaosLog.startedAt && e.at <= (chaosLog.endedAt ?? Date.now()),
    );
    const ms = (kind: Exchange["kind"], statuses: number[]) =>
      during
        .filter((e) => e.kind === kind && statuses.includes(e.status as number))
        .map((e) => e.ms);
    const challenge = ms("challenge", [402]);
    const paid = ms("paid", [200, 202]);
    const figures = {
      jobs: jobs.length,
      succeeded: jobs.filter((j) => j.status === "succeeded").length,
      "failed+refunded": jobs.filter(
        (j) => j.status === "failed" && j.refund_status === "confirmed",
      ).length,
      "payer net change (atomic)": `${net.spent} (expected ${net.expected})`,
      kills: chaosLog.kills.length,
      "renderer tasks": `${single.tasks} (${single.faults} injected failures, ${single.orphans} orphaned submissions)`,
      "max generating per wallet": sampled.max,
      "402 during chaos p50/p99 ms": `${pct(challenge, 50)}/${pct(challenge, 99)} (n=${challenge.length})`,
      "paid during chaos p50/p99 ms": `${pct(paid, 50)}/${pct(paid, 99)} (n=${paid.length})`,
      "client retries (402/409/502/503/network)": outcomes.reduce((s, o) => s + o.tries - 1, 0),
      "payments refused (402 after paying)": `${refusedPayments.length}${refusedPayments.length ? `: ${[...new Set(refusedPayments)].slice(0, 3).join(" | ")}` : ""}`,
    };
    return { checks, figures, ok: checks.every((c) => c.ok) };
  } finally {
    await cluster?.close().catch(() => undefined);
    await sql.end({ timeout: 2 });
    await chain.stop();
    await db.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Every job the client was told about is a paid job in the database; no request was left without an answer. */
function clientCheck(outcomes: JobOutcome[], paidIds: string[], expected: number): Check {
  const ids = new Set(paidIds);
  const missing = outcomes.filter((o) => o.jobId && !ids.has(o.jobId));
  const unanswered = outcomes.filter((o) => !o.jobId);
  const ok = missing.length === 0 && unanswered.length === 0 && outcomes.length === expected;
  return {
    name: "every request got a paid job the database knows",
    ok,
    detail: `${outcomes.length - unanswered.length}/${expected} accepted, ${missing.length} unknown to the database${
      unanswered.length
        ? `, last statuses ${unanswered
            .slice(0, 3)
            .map((o) => o.status)
            .join(",")}`
        : ""
    }`,
  };
}

async function waitForQuiet(sql: postgres.Sql, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [row] = await sql<{ active: number; refunds: number }[]>`
      select (select count(*)::int from jobs where status not in ('succeeded', 'failed', 'cancelled')) as active,
             (select count(*)::int from refunds where status <> 'confirmed') as refunds`;
    if (row && row.active === 0 && row.refunds === 0) return;
    await sleep(500);
  }
}

/** `npm run audit:verify` against the cluster's database and secrets. */
function auditCheck(env: Record<string, string>): Promise<Check> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "scripts/audit-verify.ts"],
      { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    for (const s of [child.stdout, child.stderr])
      s?.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) =>
      resolve({
        name: "audit chain intact",
        ok: code === 0,
        detail: out.trim().split("\n").at(-1) ?? "",
      }),
    );
  });
}

function pct(values: number[], p: number): number | string {
  if (!values.length) return "-";
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number,
  );
}
