import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { wrapFetchWithPayment } from "@x402/fetch";

/**
 * npm run bench -- paid-path [--compare <dir>]
 *
 * Which of the project's files one paid POST runs code in: the generation route is called in
 * process (a devnet chain, a throw-away Postgres database, the in-process facilitator), once to
 * warm every module, then once more under V8's precise coverage — the unpaid 402 and the paid
 * retry. Prints the files and folders whose functions ran, and with --compare the same figures
 * for another checkout (run there with its own code). Prints figures only.
 */
const ROUTE = "app/generate/[model]/[product]/route.ts";
const PATH = "/generate/alpha-fast/custom";
const BODY = JSON.stringify({ prompt: "a paper boat on a pond", duration: 4, resolution: "480p" });

type Trace = { files: string[] };

/** Runs in the checkout at process.cwd(), with that checkout's own helpers and route. */
async function traceHere(): Promise<Trace> {
  const root = process.cwd();
  const load = (rel: string) => import(pathToFileURL(path.join(root, rel)).href);
  const { startTestChain } = await load("tests/helpers/chain.ts");
  const { createTestDatabase } = await load("tests/helpers/database.ts");
  const { payingFetch } = await load("tests/helpers/payer.ts");
  const chain = await startTestChain();
  const database = await createTestDatabase();
  Object.assign(process.env, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "reel402-trace-")),
    DATABASE_URL: database.url,
    RPC_URL: chain.rpcUrl,
    PUBLIC_BASE_URL: "http://127.0.0.1:3000",
  });
  const route = await load(ROUTE);
  // The route handler stands in for the network: the stock x402 client pays through it.
  const inProcess = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const [, , model, product] = new URL(request.url).pathname.split("/");
    return route.POST(request, { params: Promise.resolve({ model, product }) });
  };
  const paidPost = async (index: number) => {
    const payer = payingFetch(index);
    const pay = wrapFetchWithPayment(inProcess as typeof fetch, payer.client);
    const res = await pay(`http://127.0.0.1:3000${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${index}` },
      body: BODY,
    });
    const text = await res.text();
    if (res.status !== 200)
      throw new Error(`paid POST answered ${res.status}: ${text.slice(0, 300)}`);
  };
  await paidPost(3);
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  await paidPost(4);
  const { result } = await session.post("Profiler.takePreciseCoverage");
  await session.post("Profiler.stopPreciseCoverage");
  session.disconnect();
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith("file://")) continue;
    const file = path.relative(root, fileURLToPath(script.url));
    if (!/^(lib|app)\//.test(file)) continue;
    // The module's own top-level function ran at import time, before the trace: skip it.
    if (script.functions.some((f) => f.functionName !== "" && (f.ranges[0]?.count ?? 0) > 0))
      files.add(file);
  }
  await database.drop().catch(() => {});
  chain.stop?.();
  return { files: [...files].sort() };
}

function summarize(label: string, t: Trace) {
  const folders = new Set(t.files.map((f) => path.dirname(f)));
  const libFiles = t.files.filter((f) => f.startsWith("lib/"));
  const topLevel = new Set(libFiles.map((f) => f.split("/")[1]));
  console.log(
    `${label}: ${t.files.length} files in ${folders.size} folders ran code (lib: ${libFiles.length} files, ${topLevel.size} top-level lib folders: ${[...topLevel].sort().join(" ")})`,
  );
}

export async function benchPaidPathTrace(opts: { compare: string | null }) {
  const self = fileURLToPath(import.meta.url);
  const run = (dir: string): Trace => {
    const r = spawnSync(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", self, "--trace-here"],
      { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const line = r.stdout.split("\n").find((l) => l.startsWith("TRACE "));
    if (!line) throw new Error(`trace in ${dir} failed:\n${r.stdout}\n${r.stderr}`);
    return JSON.parse(line.slice(6));
  };
  summarize("this checkout", run(process.cwd()));
  if (opts.compare) summarize(`baseline ${opts.compare}`, run(path.resolve(opts.compare)));
}

if (process.argv.includes("--trace-here")) {
  const t = await traceHere();
  console.log(`TRACE ${JSON.stringify(t)}`);
  process.exit(0);
}
