import path from "node:path";
import { asHeader, signedPayment } from "../tests/helpers/authorization";
import { startTestChain } from "../tests/helpers/chain";
import { post, requiredFromHeader } from "../tests/helpers/http";
import { startServer, type TestServer } from "../tests/helpers/server";

/**
 * npm run bench -- red-team [--compare <dir>]
 *
 * Starts the built server (and another built checkout's with --compare) on PGlite and a local
 * chain, runs each attack one unpaid client can make, and prints how long /healthz took while it
 * ran (probed every 25 ms: p50, p99, longest) beside the same probe on a quiet server, and the
 * 5xx answers the attack drew. Asserts nothing: the tests hold the bounds.
 */
type Build = { label: string; dir: string };
type Attack = { name: string; run: (base: string) => Promise<number[]> };
type Probe = { p50: number; p99: number; max: number };

const PATH = "/generate/alpha-fast/custom";
const BODY = { prompt: "a paper boat on a pond", duration: 4, resolution: "480p" };

/** The statuses of one POST whose payment-identifier carries a schema with a catastrophic pattern. */
async function hostileExtension(base: string, length: number): Promise<number[]> {
  const required = requiredFromHeader(await post(`${base}${PATH}`, BODY));
  const payment = await signedPayment(7, required, { value: 1n });
  const signature = asHeader({
    ...payment,
    extensions: {
      "payment-identifier": {
        info: { required: false, id: "a".repeat(length) },
        schema: { type: "object", properties: { id: { type: "string", pattern: "^(a+)+b$" } } },
      },
    },
  });
  const res = await post(`${base}${PATH}`, BODY, { "payment-signature": signature });
  await res.arrayBuffer();
  return [res.status];
}

const BAD_HOSTS = [
  "a:99999",
  "[::1",
  "",
  " ",
  "exa mple.com",
  "host/path",
  "ex%41mple.com",
  "é.example",
];
const BAD_PROTOS = ["ht tp", "https://", "", "javascript", "https, http"];
const ROUTES: [string, string][] = [
  ["POST", PATH],
  ["GET", "/jobs"],
  ["GET", "/jobs/00000000-0000-4000-8000-000000000000"],
  ["DELETE", "/jobs/00000000-0000-4000-8000-000000000000"],
  ["GET", "/.well-known/did.json"],
  ["GET", "/openapi.json"],
  ["GET", "/llms.txt"],
  ["GET", "/"],
];

/** Every route with every malformed Host and forwarded scheme, over raw HTTP/1.1. */
async function malformedHeaders(base: string): Promise<number[]> {
  const { request } = await import("node:http");
  const url = new URL(base);
  const send = (method: string, route: string, headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, method, path: route, headers, setHost: false },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", () => resolve(0));
      if (method === "POST") {
        req.setHeader("content-type", "application/json");
        req.end(JSON.stringify(BODY));
      } else req.end();
    });
  const statuses: number[] = [];
  for (const [method, route] of ROUTES) {
    for (const host of BAD_HOSTS) statuses.push(await send(method, route, { host }));
    for (const proto of BAD_PROTOS)
      statuses.push(
        await send(method, route, {
          host: url.host,
          "x-forwarded-proto": proto,
          "x-forwarded-host": "evil.example",
        }),
      );
  }
  return statuses;
}

const ATTACKS: Attack[] = [
  { name: "payment-identifier schema, 28 a's", run: (b) => hostileExtension(b, 28) },
  { name: "payment-identifier schema, 30 a's", run: (b) => hostileExtension(b, 30) },
  { name: "malformed Host / X-Forwarded-*", run: malformedHeaders },
];

/** /healthz latencies while `work` runs (at least `minMs`). */
async function probeWhile(base: string, work: Promise<unknown>, minMs = 500): Promise<Probe> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const started = performance.now();
  const times: number[] = [];
  while (!done || performance.now() - started < minMs) {
    const t = performance.now();
    const res = await fetch(`${base}/healthz`).catch(() => null);
    await res?.arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25));
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1] ?? 0 };
}

const fmt = (p: Probe) =>
  `healthz p50 ${p.p50.toFixed(0).padStart(5)} ms  p99 ${p.p99.toFixed(0).padStart(6)} ms  longest ${p.max.toFixed(0).padStart(6)} ms`;

export async function benchRedTeam(options: { compare: string | null }): Promise<void> {
  const builds: Build[] = [{ label: "this build", dir: process.cwd() }];
  if (options.compare)
    builds.unshift({ label: path.basename(options.compare), dir: path.resolve(options.compare) });
  const chain = await startTestChain();
  console.log("red-team (one unpaid client at a time; /healthz probed every 25 ms while it runs)");
  try {
    for (const build of builds) {
      const server: TestServer = await startServer(
        { RPC_URL: chain.rpcUrl, USDC_ADDRESS: chain.token },
        { cwd: build.dir },
      );
      try {
        // First hits compile and load each route; they are not what the attacks cost.
        for (let i = 0; i < 3; i++) {
          await (await fetch(`${server.url}/healthz`)).arrayBuffer();
          await (await post(`${server.url}${PATH}`, BODY)).arrayBuffer();
          await (await fetch(`${server.url}/jobs`)).arrayBuffer();
        }
        console.log(`\n${build.label}`);
        console.log(
          `  ${"quiet".padEnd(38)} ${fmt(await probeWhile(server.url, Promise.resolve(), 2_000))}`,
        );
        for (const attack of ATTACKS) {
          const work = attack.run(server.url);
          const probe = await probeWhile(server.url, work);
          const statuses = await work;
          const fivexx = statuses.filter((s) => s >= 500 || s === 0).length;
          console.log(
            `  ${attack.name.padEnd(38)} ${fmt(probe)}  ${statuses.length} requests, ${fivexx} 5xx`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await chain.stop();
  }
}
