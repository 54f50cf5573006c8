import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export type AnvilHandle = { rpcUrl: string; process: ChildProcess; stop: () => Promise<void> };

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve("@foundry-rs/anvil/package.json")),
    "..",
    "anvil-linux-amd64",
    "bin",
    "anvil",
  );
}

async function rpcReady(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(500),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a local anvil node with chain id 31337 (never 8453: a signature made here must not be
 * spendable on Base). With stateFile the chain survives restarts alongside the database. Tests
 * may stand one up under a testnet's chain id to check a production-shaped configuration.
 */
export async function startAnvil(opts: {
  port: number;
  stateFile?: string;
  chainId?: number;
}): Promise<AnvilHandle> {
  const rpcUrl = `http://127.0.0.1:${opts.port}`;
  if (await rpcReady(rpcUrl))
    throw new Error(
      `port ${opts.port} already answers JSON-RPC; stop that node or set DEVNET_RPC_PORT`,
    );
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(opts.port),
    "--chain-id",
    String(opts.chainId ?? 31337),
    "--silent",
  ];
  if (opts.stateFile) args.push("--state", opts.stateFile, "--state-interval", "5");
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const deadline = Date.now() + 15_000;
  while (!(await rpcReady(rpcUrl))) {
    if (child.exitCode !== null)
      throw new Error(`anvil exited (${child.exitCode}): ${stderr.trim()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("anvil did not answer within 15 s");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { rpcUrl, process: child, stop };
}
