import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { startAnvil } from "@/lib/devnet/anvil";
import { setupDevnetChain } from "@/lib/devnet/setup-chain";
import { ConfigError, getEnv } from "@/lib/env";
import { restoreContentLength } from "@/lib/storage/body-length";

/**
 * Runs the whole service: on the devnet it first starts the local chain (state kept in the data
 * folder) with the test USDC and funded payers, then the Next.js app. The socket peer address is
 * handed to route handlers in a header of our own, overwritten on every request so a client
 * cannot forge it.
 */
const dev = process.argv.includes("--dev");

async function main() {
  const env = getEnv();
  let stopChain = async () => {};
  if (env.devnetAutostart) {
    const chain = await startAnvil({
      port: env.devnetRpcPort,
      stateFile: path.join(env.dataDir, "devnet-state.json"),
    });
    stopChain = chain.stop;
    const { token, deployed } = await setupDevnetChain({
      rpcUrl: chain.rpcUrl,
      cacheDir: path.join(env.dataDir, "cache"),
    });
    if (token.toLowerCase() !== env.asset.address.toLowerCase())
      throw new Error(`devnet token at ${token}, expected ${env.asset.address}`);
    console.log(
      `[reel402] devnet chain ${chain.rpcUrl} (chain id 31337), test USDC ${token}${deployed ? " deployed, payers funded" : ""}`,
    );
  }
  if (!dev && !existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error(
      "no production build found: run `npm run build` first (npm run serve does both)",
    );
  }
  const app = next({ dev, dir: process.cwd(), hostname: env.host, port: env.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    req.headers["x-reel402-peer"] = req.socket.remoteAddress ?? "";
    restoreContentLength(res);
    void handle(req, res);
  });
  server.listen(env.port, env.host, () => {
    console.log(`[reel402] listening on http://${env.host}:${env.port} (network ${env.network})`);
  });
  const shutdown = () => {
    server.close();
    void stopChain().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
