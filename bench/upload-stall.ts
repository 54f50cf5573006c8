/**
 * Does image screening stall the server? Starts the built app (this checkout, or another one's
 * with --app <dir>, e.g. --app /work/main to measure main the same way), then probes GET /healthz
 * every 50 ms while (a) 30 uploads arrive at once from 30 addresses and (b) one address sends its
 * whole per-minute upload budget at once. Prints the probes' p50/p99/max and the uploads' answers.
 * Run: node --conditions=react-server --import tsx bench/upload-stall.ts [--app <dir>] [--only parallel|client]
 */
import path from "node:path";
import { createTestDatabase } from "../tests/helpers/database";
import { distinctLandscapes, percentile, probeHealth } from "../tests/helpers/hostile-images";
import { startServer } from "../tests/helpers/server";

const appArg = process.argv.indexOf("--app");
const appDir = appArg > 0 ? path.resolve(process.argv[appArg + 1] ?? ".") : process.cwd();
const PER_MINUTE = 20;
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? process.argv[onlyArg + 1] : undefined;

const db = await createTestDatabase();
const server = await startServer(
  {
    DATABASE_URL: db.url,
    TRUST_PROXY: "true",
    LIMIT_UPLOADS_PER_MINUTE_PER_IP: String(PER_MINUTE),
  },
  { cwd: appDir },
);
/** The upload's status, or 0 when the connection failed (e.g. the server's 300 s request timeout). */
const upload = async (bytes: Buffer, from: string) => {
  try {
    const res = await fetch(`${server.url}/uploads`, {
      method: "POST",
      headers: { "x-forwarded-for": from, "content-type": "image/jpeg" },
      body: new Uint8Array(bytes),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
};

async function scenario(name: string, sends: (images: Buffer[]) => Promise<number>[]) {
  const images = await distinctLandscapes(30, Math.floor(Math.random() * 1e6));
  const stop = probeHealth(server.url);
  await new Promise((r) => setTimeout(r, 500));
  const started = performance.now();
  const statuses = await Promise.all(sends(images));
  const seconds = (performance.now() - started) / 1000;
  const health = await stop();
  const count = (s: number) => statuses.filter((x) => x === s).length;
  const others = statuses.filter((s) => ![201, 403, 429, 503].includes(s));
  console.log(
    `${name}: healthz p50 ${percentile(health, 0.5).toFixed(0)} ms, p99 ${percentile(health, 0.99).toFixed(0)} ms, max ${(health.at(-1) ?? 0).toFixed(0)} ms over ${health.length} probes; uploads answered in ${seconds.toFixed(1)} s: ${count(201)}x201 ${count(503)}x503 ${count(429)}x429${others.length ? ` other ${others.join(",")}` : ""}`,
  );
}

try {
  console.log(`app ${appDir}`);
  // Warm-up: the first upload loads the models (in the worker, or on the request thread on main).
  await upload((await distinctLandscapes(1, 7))[0] as Buffer, "192.0.2.250");
  if (only !== "client")
    await scenario("30 parallel uploads, 30 addresses", (images) =>
      images.map((bytes, i) => upload(bytes, `192.0.2.${i + 1}`)),
    );
  if (only !== "parallel")
    await scenario(`one address, its ${PER_MINUTE}-per-minute budget at once`, (images) =>
      images.slice(0, PER_MINUTE).map((bytes) => upload(bytes, "192.0.2.200")),
    );
} finally {
  await server.stop();
  await db.drop();
}
