import http from "node:http";
import { startTestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { payForJob } from "../tests/helpers/pay";
import { startServer } from "../tests/helpers/server";

/**
 * npm run bench -- stall   (or: node --conditions=react-server --import tsx bench/free-endpoint-stall.ts)
 *
 * Starts the built server (Postgres, devnet chain, default free-endpoint limits, TRUST_PROXY so
 * the greedy client is one X-Forwarded-For address) and prints /healthz latency (p50/p99/max,
 * one request at a time) in a quiet baseline and while (a) one client opens `streams` event
 * streams to an in-flight job, (b) one client floods GET /jobs/{id} from 32 connections. Also
 * prints what the greedy client was answered. Asserts nothing.
 */
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", () => resolve(0));
  });
}

/** /healthz one after another for `ms`: the latency a load balancer's check would see. */
async function sampleHealthz(base: string, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t = performance.now();
    await get(`${base}/healthz`);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times.sort((a, b) => a - b);
}

const line = (label: string, t: number[], note = "") =>
  console.log(
    `${label.padEnd(34)} n=${String(t.length).padStart(4)}  p50 ${pct(t, 0.5).toFixed(1).padStart(7)} ms  p99 ${pct(t, 0.99).toFixed(1).padStart(7)} ms  max ${(t.at(-1) ?? 0).toFixed(1).padStart(7)} ms  ${note}`,
  );

const count = (statuses: number[]) => {
  const by = new Map<number, number>();
  for (const s of statuses) by.set(s, (by.get(s) ?? 0) + 1);
  return [...by].map(([s, n]) => `${s}×${n}`).join(" ");
};

export async function benchFreeEndpointStall(streams = 500, seconds = 5): Promise<void> {
  const chain = await startTestChain();
  const db = await createTestDatabase();
  const server = await startServer({
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    DATABASE_URL: db.url,
    TRUST_PROXY: "true",
    LOCAL_RENDER_MIN_LATENCY_MS: "600000",
  });
  const open: http.ClientRequest[] = [];
  try {
    const body = { prompt: "a lighthouse in a slow storm", duration: 4, resolution: "480p" };
    const { job_id } = await payForJob(server.url, 7, "/generate/alpha-fast/custom", body);
    await sampleHealthz(server.url, 500);
    line("baseline (quiet)", await sampleHealthz(server.url, seconds * 1000));

    // (a) one client opens as many streams as it can, all at once.
    const greedy = { "x-forwarded-for": "203.0.113.66" };
    const statuses: number[] = [];
    const opening = Array.from(
      { length: streams },
      () =>
        new Promise<void>((resolve) => {
          const req = http.get(
            `${server.url}/jobs/${job_id}/events`,
            { headers: greedy },
            (res) => {
              statuses.push(res.statusCode ?? 0);
              if (res.statusCode !== 200) res.resume();
              resolve();
            },
          );
          req.on("error", () => {
            statuses.push(0);
            resolve();
          });
          open.push(req);
        }),
    );
    const [during] = await Promise.all([sampleHealthz(server.url, seconds * 1000), ...opening]);
    line(`(a) ${streams} streams from one client`, during, `answers: ${count(statuses)}`);
    for (const req of open) req.destroy();
    await new Promise((r) => setTimeout(r, 1_000));

    line("baseline (quiet, again)", await sampleHealthz(server.url, seconds * 1000));

    // (b) one client polls as fast as 32 connections allow.
    const polls: number[] = [];
    let flooding = true;
    const flood = Array.from({ length: 32 }, async () => {
      while (flooding)
        polls.push(
          await get(`${server.url}/jobs/${job_id}`, { "x-forwarded-for": "203.0.113.77" }),
        );
    });
    const floodTimes = await sampleHealthz(server.url, seconds * 1000);
    flooding = false;
    await Promise.all(flood);
    line(
      "(b) GET /jobs/{id} flood, one client",
      floodTimes,
      `answers: ${count(polls)} (${Math.round(polls.length / seconds)} req/s)`,
    );
  } finally {
    for (const req of open) req.destroy();
    agent.destroy();
    await server.stop();
    await db.drop();
    await chain.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  benchFreeEndpointStall(Number(process.argv[2] ?? 500)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
