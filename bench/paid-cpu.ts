import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TestChain } from "../tests/helpers/chain";
import { payingFetch } from "../tests/helpers/payer";
import { startBuiltService } from "./built-service";
import { advertised, fundedChain, PAYERS, PRODUCT, startReference } from "./paid";

/**
 * npm run bench -- paid-cpu [--compare <dir>|reference] [--payers 8] [--seconds 8] [--rounds 3]
 *   [--only pglite|postgres] [--threads]
 *
 * Where the CPU of a paid request goes: the built service paid by `--payers` devnet payers in a
 * loop for `--seconds`, then per paid request the CPU of the server (its main thread apart from
 * the rest: the embedded database's thread, the threadpool, V8's helpers), of Postgres's backends,
 * of the paying client (this process) and of the devnet chain, read from `/proc`. With --compare,
 * another built checkout runs in turns with this one, round by round, so both share the
 * machine's moods; `--compare reference` runs the x402 reference stack of `paid` in those turns
 * instead, so its server's CPU per paid request stands beside the service's. --threads adds each
 * server thread's share (main, then the others by thread id: the facilitator's, the embedded
 * database's, V8's helpers). The renderer only waits, as in `paid`. Prints figures only.
 */
const SERVICE_ENV = {
  TRUST_PROXY: "true",
  LIMIT_POSTS_PER_MINUTE_PER_IP: "100000",
  LIMIT_QUEUE_CAPACITY: "1000000",
  LIMIT_ACTIVE_JOBS_PER_WALLET: "1000000",
  LOCAL_RENDER_WAIT_ONLY: "true",
  LOCAL_RENDER_MIN_LATENCY_MS: String(60 * 60_000),
  POLL_INTERVAL_MS: "60000",
};
// Clock ticks of /proc's utime and stime (USER_HZ is 100 on Linux).
const TICK_MS = 10;

type Options = {
  compare: string | null;
  payers: number;
  seconds: number;
  rounds: number;
  only: "pglite" | "postgres" | null;
  /** Also print each of the server's threads (by thread id) in ms per paid request. */
  threads: boolean;
};

/** CPU milliseconds of one process (or thread) from its stat line. */
function statMs(file: string): { name: string; ms: number } | null {
  try {
    const stat = readFileSync(file, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    return { name, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** The CPU so far of each of the server's threads, by thread id ("main" for the main thread). */
function threadsNow(serverPid: number): Map<string, number> {
  const ms = new Map<string, number>();
  for (const task of readdirSync(`/proc/${serverPid}/task`)) {
    const t = statMs(`/proc/${serverPid}/task/${task}/stat`);
    if (t) ms.set(Number(task) === serverPid ? "main" : task, t.ms);
  }
  return ms;
}

/**
 * The CPU so far of the server (main thread and the rest), Postgres, this client and anvil, and
 * of each of the server's threads.
 */
function cpuNow(serverPid: number, chainPid: number | undefined) {
  const threads = threadsNow(serverPid);
  const tally = { main: 0, serverOther: 0, postgres: 0, client: 0, chain: 0 };
  for (const [id, ms] of threads) tally[id === "main" ? "main" : "serverOther"] += ms;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    const p = statMs(`/proc/${pid}/stat`);
    if (!p) continue;
    if (p.name === "postgres") tally.postgres += p.ms;
    else if (Number(pid) === process.pid) tally.client += p.ms;
    else if (Number(pid) === chainPid) tally.chain += p.ms;
  }
  return { tally, threads };
}

const REFERENCE = "reference";

/** The reference stack, charging what the service's 402 asks (read from a service started once). */
async function startReferenceTarget(chain: TestChain, kind: "pglite" | "postgres") {
  const service = await startBuiltService(chain, kind, process.cwd(), SERVICE_ENV);
  const accepted = await advertised(service.server.url).finally(() => service.stop());
  const reference = await startReference(chain, accepted);
  return { server: reference, stop: reference.stop };
}

type Round = {
  paidPerSecond: number;
  perPaid: ReturnType<typeof cpuNow>["tally"];
  /** Each server thread's ms per paid request, the busiest first. */
  threads: [string, number][];
};

async function oneRound(
  chain: TestChain,
  cwd: string,
  kind: "pglite" | "postgres",
  opts: Options,
): Promise<Round> {
  const { server, stop } =
    cwd === REFERENCE
      ? await startReferenceTarget(chain, kind)
      : await startBuiltService(chain, kind, cwd, SERVICE_ENV);
  try {
    const clients = PAYERS.slice(0, opts.payers).map((i) => payingFetch(i));
    let n = 0;
    const pay = async (k: number) => {
      const res = await clients[k]?.fetch(`${server.url}${PRODUCT}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.0.${k}.1` },
        body: JSON.stringify({ prompt: `a lighthouse at dusk, take ${k}-${n++}-${Date.now()}` }),
      });
      await res?.text();
      if (res?.status !== 200) throw new Error(`a paid request answered ${res?.status}`);
    };
    // Every route and payer warmed once, and the engine's start of those jobs let pass.
    for (let k = 0; k < clients.length; k++) await pay(k);
    await new Promise((r) => setTimeout(r, 3_000));
    const pid = server.process.pid as number;
    const before = cpuNow(pid, chain.process.pid);
    const started = Date.now();
    let paid = 0;
    await Promise.all(
      clients.map(async (_, k) => {
        while (Date.now() - started < opts.seconds * 1000) {
          await pay(k);
          paid++;
        }
      }),
    );
    const elapsed = (Date.now() - started) / 1000;
    const after = cpuNow(pid, chain.process.pid);
    const perPaid = { ...after.tally };
    for (const key of Object.keys(perPaid) as (keyof typeof perPaid)[])
      perPaid[key] = (after.tally[key] - before.tally[key]) / paid;
    const threads = [...after.threads]
      .map(([id, ms]): [string, number] => [id, (ms - (before.threads.get(id) ?? 0)) / paid])
      .sort((a, b) => b[1] - a[1]);
    return { paidPerSecond: paid / elapsed, perPaid, threads };
  } finally {
    await stop();
  }
}

export async function benchPaidCpu(opts: Options): Promise<void> {
  const sides = [{ label: "this build", cwd: process.cwd() }];
  if (opts.compare)
    sides.push({
      label: opts.compare === REFERENCE ? REFERENCE : path.basename(opts.compare),
      cwd: opts.compare,
    });
  const kinds = opts.only ? [opts.only] : (["pglite", "postgres"] as const);
  console.log(
    `\npaid-cpu: ${opts.payers} payers for ${opts.seconds} s, ${opts.rounds} rounds, CPU ms per paid request (from /proc)`,
  );
  const chain = await fundedChain(opts.payers);
  try {
    for (const kind of kinds) {
      console.log(`\n${kind}`);
      console.log(
        `  ${"build".padEnd(14)} ${"paid/s".padStart(7)} ${"server".padStart(7)} ${"main".padStart(6)} ${"other".padStart(6)} ${"postgres".padStart(8)} ${"client".padStart(7)} ${"chain".padStart(6)}`,
      );
      for (let round = 0; round < opts.rounds; round++) {
        for (const side of sides) {
          const r = await oneRound(chain, side.cwd, kind, opts);
          const c = r.perPaid;
          const f = (v: number, w: number) => v.toFixed(1).padStart(w);
          console.log(
            `  ${side.label.padEnd(14)} ${f(r.paidPerSecond, 7)} ${f(c.main + c.serverOther, 7)} ${f(c.main, 6)} ${f(c.serverOther, 6)} ${f(c.postgres, 8)} ${f(c.client, 7)} ${f(c.chain, 6)}`,
          );
          if (opts.threads)
            console.log(
              `    threads: ${r.threads
                .filter(([, ms]) => ms >= 0.1)
                .map(([id, ms]) => `${id} ${ms.toFixed(1)}`)
                .join(", ")}`,
            );
        }
      }
    }
  } finally {
    await chain.stop();
  }
}
