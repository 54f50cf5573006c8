import autocannon from "autocannon";
import { startTestChain } from "../tests/helpers/chain";
import { createTestDatabase } from "../tests/helpers/database";
import { startServer } from "../tests/helpers/server";
const kind = process.argv[2] ?? "postgres";
const prompt = process.argv[3] ?? "a lighthouse at dusk";
const chain = await startTestChain();
const db = kind === "postgres" ? await createTestDatabase() : null;
const server = await startServer({ RPC_URL: chain.rpcUrl, USDC_ADDRESS: chain.token, TRUST_PROXY: "true", LIMIT_POSTS_PER_MINUTE_PER_IP: "20", ABUSE_BLOCK_REJECTIONS: "5", ...(db ? { DATABASE_URL: db.url } : {}), }, { nodeArgs: process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/unpaid-prof"] : [], cwd: process.env.BUILD_DIR ?? process.cwd() });
const ip = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
for (const path of ["/status", "/generate/alpha-fast/5s-720p"]) {
  const r = await autocannon({ url: server.url, connections: 16, duration: 8, requests: [{ method: path === "/status" ? "GET" : "POST", path, headers: { "content-type": "application/json" }, ...(path === "/status" ? {} : { body: JSON.stringify({ prompt }) }), setupRequest: (q) => ({ ...q, headers: { ...(q.headers as object), "x-forwarded-for": ip() } }) }] });
  console.log(path, r.requests.average, r.latency.p50, r.latency.p99, JSON.stringify((r as any).statusCodeStats));
}
await server.stop(); await chain.stop(); await db?.drop();
process.exit(0);
