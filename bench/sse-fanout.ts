import http from "node:http";
import { readFileSync } from "node:fs";
import { startTestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { payForJob } from "../tests/helpers/pay";
import { startServer } from "../tests/helpers/server";

const rssBytes = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) * 1024;
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

type Client = {
  arrivals: Map<number, { at: number; seen: number }>;
  request: http.ClientRequest;
  ended: boolean;
};

/** One SSE client on node:http: records when each change (by event id) reached it. */
function openStream(url: string, opened: () => void): Client {
  const client: Client = { arrivals: new Map(), request: http.get(url), ended: false };
  client.request.on("response", (res) => {
    opened();
    let buffer = "";
    res.setEncoding("utf8");
    res.on("end", () => {
      client.ended = true;
    });
    res.on("data", (chunk: string) => {
      const seen = Date.now();
      buffer += chunk;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        const id = block.match(/^id: (\d+)$/m)?.[1];
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (!id || !data) continue;
        const parsed = JSON.parse(data) as { at?: string; updated_at?: string };
        const at = parsed.at ?? parsed.updated_at;
        client.arrivals.set(Number(id), { at: at ? Date.parse(at) : Number.NaN, seen });
      }
    });
  });
  client.request.on("error", () => undefined);
  return client;
}

/**
 * SSE fan-out: `streams` clients on one server process watch `jobs` jobs that a runner in the
 * same process drives (Postgres, LISTEN/NOTIFY). Prints the server's memory per open stream and,
 * for every change made while all were connected, the time until the last client had it.
 */
export async function benchSseFanout(streams = 1_000, jobCount = 10): Promise<void> {
  const chain = await startTestChain();
  const db = await createTestDatabase();
  const server = await startServer({
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    DATABASE_URL: db.url,
    POLL_INTERVAL_MS: "200",
    LOCAL_RENDER_MIN_LATENCY_MS: "4000",
    LIMIT_ACTIVE_JOBS_PER_WALLET: "1",
  });
  const pid = server.process.pid as number;
  const clients: Client[] = [];
  try {
    const body = { prompt: "a fan of paper birds", duration: 4, resolution: "480p" };
    // One wallet: the jobs start one after another, so changes keep coming while all watch.
    const ids: string[] = [];
    for (let i = 0; i < jobCount; i++)
      ids.push((await payForJob(server.url, 7, "/generate/alpha-fast/custom", body)).job_id);
    await new Promise((r) => setTimeout(r, 1_000));
    const before = rssBytes(pid);
    let open = 0;
    const allOpen = new Promise<void>((resolve) => {
      for (let i = 0; i < streams; i++)
        clients.push(
          openStream(`${server.url}/jobs/${ids[i % jobCount]}/events`, () => {
            if (++open === streams) resolve();
          }),
        );
    });
    await allOpen;
    const connectedAt = Date.now();
    await new Promise((r) => setTimeout(r, 3_000));
    const perStream = (rssBytes(pid) - before) / streams;
    // Wait until every watched job has finished (its streams end) or a deadline passes.
    const deadline = Date.now() + jobCount * 10_000 + 30_000;
    while (Date.now() < deadline && clients.some((c) => !c.ended))
      await new Promise((r) => setTimeout(r, 500));

    const byChange = new Map<number, { at: number; last: number; n: number }>();
    const deliveries: number[] = [];
    for (const client of clients)
      for (const [id, { at, seen }] of client.arrivals) {
        if (!(at >= connectedAt)) continue; // a replay of what happened before all were connected
        deliveries.push(seen - at);
        const c = byChange.get(id) ?? { at, last: 0, n: 0 };
        c.last = Math.max(c.last, seen);
        c.n++;
        byChange.set(id, c);
      }
    const toLast = [...byChange.values()].map((c) => c.last - c.at).sort((a, b) => a - b);
    deliveries.sort((a, b) => a - b);
    console.log(
      `sse-fanout (${streams} streams on one process, ${jobCount} jobs, Postgres NOTIFY)`,
    );
    console.log(
      `  server memory per open stream: ${(perStream / 1024).toFixed(1)} KiB (RSS delta)`,
    );
    console.log(
      `  change → last client: p50 ${pct(toLast, 0.5)} ms  p99 ${pct(toLast, 0.99)} ms  (${toLast.length} changes)`,
    );
    console.log(
      `  change → each client: p50 ${pct(deliveries, 0.5)} ms  p99 ${pct(deliveries, 0.99)} ms  (${deliveries.length} deliveries)`,
    );
  } finally {
    for (const c of clients) c.request.destroy();
    await server.stop();
    await db.drop();
    await chain.stop();
  }
}
