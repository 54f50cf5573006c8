import { readFileSync, statSync } from "node:fs";
import postgres from "postgres";
import { startTestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { payingFetch } from "../tests/helpers/payer";
import { startServer } from "../tests/helpers/server";

/**
 * npm run bench -- paid-statements [--log <postgres log file>] [--list]
 *
 * The SQL one paid request costs: the built service on a throw-away Postgres database whose
 * statements Postgres logs (`log_statement = all`, set on that database only), paid once to warm
 * up, then once more. Prints how many statements reached Postgres before the answer and in the
 * 3 s after it (the engine starting the job, the upkeep's ticks), by kind; --list prints them.
 * Reads the server's log file (Debian's by default), so it needs a local Postgres it may read.
 */
const DEBIAN_LOG = "/var/log/postgresql/postgresql-15-main.log";
const AFTER_MS = 3_000;
const PRODUCT = "/generate/alpha-fast/5s-720p";

export async function benchPaidStatements(opts: { log: string | null; list: boolean }) {
  const log = opts.log ?? DEBIAN_LOG;
  try {
    statSync(log);
  } catch {
    console.log(`\npaid-statements: cannot read ${log}; pass --log <the Postgres server's log>`);
    return;
  }
  const chain = await startTestChain();
  const database = await createTestDatabase();
  const name = database.url.split("/").pop() ?? "";
  const admin = postgres(database.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`alter database ${name} set log_statement = 'all'`);
  await admin.end();
  const server = await startServer({
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    DATABASE_URL: database.url,
    LOCAL_RENDER_WAIT_ONLY: "true",
    LOCAL_RENDER_MIN_LATENCY_MS: String(60 * 60_000),
    POLL_INTERVAL_MS: "60000",
  });
  try {
    const pay = async (index: number, prompt: string) => {
      const res = await payingFetch(index).fetch(`${server.url}${PRODUCT}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt }),
      });
      await res.text();
      return res.status;
    };
    await pay(1, "a paper boat on a pond");
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const from = statSync(log).size;
    const started = Date.now();
    const status = await pay(2, "a red kite over the sea");
    const answered = Date.now();
    await new Promise((r) => setTimeout(r, AFTER_MS));
    // A statement whose text starts on a new line continues on the log's next line: joined here.
    const raw = readFileSync(log, "utf8").slice(from).split("\n");
    const lines = raw.flatMap((l, i) =>
      l.includes(`@${name} `) && /LOG: {2}(statement|execute)/.test(l)
        ? [/: $/.test(l) ? `${l}${(raw[i + 1] ?? "").trim()}` : l]
        : [],
    );
    // The log's own clock (UTC, as log_line_prefix %m prints it here): when Postgres received it.
    const at = (line: string) => Date.parse(`${line.slice(0, 23).replace(" ", "T")}Z`);
    const before = lines.filter((l) => at(l) <= answered);
    const after = lines.filter((l) => at(l) > answered);
    console.log(
      `\npaid-statements: one paid request on Postgres (${status} in ${answered - started} ms, the unpaid 402 included)`,
    );
    console.log(`  statements before the answer:        ${before.length}`);
    console.log(`  statements in the ${AFTER_MS / 1000} s after the answer: ${after.length}`);
    for (const [label, group] of [
      ["before", before],
      ["after", after],
    ] as const) {
      console.log(`  ${label}, by kind:`);
      for (const [kind, n] of tally(group)) console.log(`    ${String(n).padStart(4)}  ${kind}`);
    }
    if (opts.list)
      for (const l of lines) console.log(`  ${l.slice(11, 23)} ${statementOf(l).slice(0, 140)}`);
  } finally {
    await server.stop();
    await chain.stop();
    await database.drop();
  }
}

function statementOf(line: string): string {
  return line.replace(/^.*?LOG: {2}(statement|execute [^:]*): /, "").trim();
}

/** Statements grouped by their verb and first table (or savepoint, lock, notify). */
function tally(lines: string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const s = statementOf(line).toLowerCase();
    const kind =
      /^(begin|commit|rollback|savepoint|release)/.exec(s)?.[1] ??
      (/pg_advisory_xact_lock/.test(s) ? "advisory lock" : null) ??
      (/pg_notify/.test(s) ? "notify" : null) ??
      (/nextval\('audit_events_id_seq'\)/.test(s) ? "audit chain read" : null) ??
      `${s.split(/\s+/)[0]} ${/(?:from|into|update)\s+"?([a-z_]+)"?/.exec(s)?.[1] ?? ""}`.trim();
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}
