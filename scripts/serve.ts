import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { startAnvil } from "@/lib/devnet/anvil";
import { setupDevnetChain } from "@/lib/devnet/setup-chain";
import { ConfigError, getEnv, publicOriginOf } from "@/lib/platform/env";
import { beforeExitHooks } from "@/lib/server/before-exit";
import { socketRoute } from "@/lib/server/socket-routes";
import { restoreContentLength } from "@/lib/media/storage/body-length";
import { createFreeReadGate } from "@/lib/http/api/free-read-gate";
import { refuseUndecodablePath } from "@/lib/http/api/undecodable-path";

/**
 * Runs the whole service: on the devnet it first starts the local chain (state kept in the data
 * folder) with the test USDC and funded payers, then the Next.js app. The socket peer address is
 * handed to route handlers in a header of our own, overwritten on every request so a client
 * cannot forge it.
 */
const dev = process.argv.includes("--dev");

async function main() {
  // A log reader that went away (its terminal closed, its supervisor restarted) fails every
  // later write with EPIPE. Unheard, that error is an uncaught exception whose report is one more
  // failing write: the process spun on its own logs at full CPU. The service keeps serving; its
  // lines go nowhere until a reader is there again.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);
  const env = getEnv();
  const stops: (() => Promise<void>)[] = [];
  const stopChain = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  if (env.devnetAutostart) {
    // The main chain, then one anvil per EXTRA_NETWORKS entry on this machine, each with its own id.
    for (const n of env.networks) {
      const local = n.rpcUrl ? new URL(n.rpcUrl) : null;
      if (n !== env.networks[0] && local?.hostname !== "127.0.0.1") continue;
      const chain = await startAnvil({
        port: n === env.networks[0] ? env.devnetRpcPort : Number(local?.port),
        stateFile: path.join(
          env.dataDir,
          n.chainId === 31337 ? "devnet-state.json" : `devnet-state-${n.chainId}.json`,
        ),
        chainId: n.chainId,
      });
      stops.push(chain.stop);
      const { token, deployed } = await setupDevnetChain({
        rpcUrl: chain.rpcUrl,
        cacheDir: path.join(env.dataDir, "cache"),
        chainId: n.chainId,
      });
      if (token.toLowerCase() !== n.asset.address.toLowerCase())
        throw new Error(`devnet token at ${token}, expected ${n.asset.address} on ${n.network}`);
      console.log(
        `[reel402] devnet chain ${chain.rpcUrl} (chain id ${n.chainId}), test USDC ${token}${deployed ? " deployed, payers funded" : ""}`,
      );
    }
  }
  if (!dev && !existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error(
      "no production build found: run `npm run build` first (npm run serve does both)",
    );
  }
  // tsx turns source maps on for the whole process. Left on, Node reads and keeps the map of
  // every server chunk it loads, sources included: ~90 MB of the ~360 MB heap every full
  // collection walks when an idle server shrinks its heap (a second of CPU each time). The server code is not
  // minified (next.config.ts), so its stack frames read without them; --enable-source-maps
  // asks for them back.
  if (!dev && !process.execArgv.includes("--enable-source-maps"))
    process.setSourceMapsEnabled(false);
  const app = next({ dev, dir: process.cwd(), hostname: env.host, port: env.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const admitFreeRead = createFreeReadGate(env.limits.free, env.trustProxy);
  // Set by the app's start-up hook, which Next.js runs on the first request (the warm-up's); in
  // development every route stays Next.js's, so edits reload.
  const answeredAtSocket = dev ? () => undefined : socketRoute;
  const server = createServer((req, res) => {
    req.headers["x-reel402-peer"] = req.socket.remoteAddress ?? "";
    if (refuseUndecodablePath(req, res)) return;
    if (!admitFreeRead(req, res)) return;
    if (answeredAtSocket()?.(req, res)) return;
    restoreContentLength(res);
    void handle(req, res);
  });
  server.listen(env.port, env.host, async () => {
    // The app's server modules are loaded by the first request a route gets (seconds of CPU on a
    // busy machine, the screening vocabulary among them); a probe of our own takes that
    // cost before the server says it is ready, so the first clients' requests do not.
    if (!dev) await warmUp(env.host, env.port);
    console.log(
      `[reel402] listening on http://${env.host}:${env.port} (${env.networks.map((n) => n.network).join(", ")})`,
    );
    // Links and wallet sign-in name this origin only; a browser elsewhere cannot sign in.
    console.log(`[reel402] public origin ${env.publicOrigin} (PUBLIC_BASE_URL to change)`);
  });
  const shutdown = () => {
    server.close();
    // What the app keeps in memory for a moment is written before the database goes away.
    void beforeExitHooks()
      .run(2_000)
      .then(stopChain)
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

/** One GET /healthz: no database, no limits, nothing recorded, but it loads every server module. */
async function warmUp(host: string, port: number): Promise<void> {
  // The listen address as a client reaches it (a wildcard bind answers on 127.0.0.1).
  const origin = publicOriginOf(undefined, host, port);
  try {
    await (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(120_000) })).text();
  } catch (error) {
    console.warn(`[reel402] warm-up request failed: ${(error as Error).message}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
