import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./ports";

export type TestServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
};

/**
 * Starts the built app the way `npm start` does (scripts/serve.ts, `next start` semantics) with
 * an external devnet chain. Requires `npm run build` first.
 */
export async function startServer(
  env: Record<string, string>,
  opts: { dataDir?: string; port?: number; cwd?: string; nodeArgs?: string[] } = {},
): Promise<TestServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), "reel402-test-"));
  // The server itself, not a wrapper: killing a wrapper would orphan the real server.
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), "--import", "tsx", "scripts/serve.ts"],
    {
      cwd: opts.cwd ?? process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DEVNET_AUTOSTART: "false",
        // Tests drive many requests from one address; the guard tests set their own limits.
        LIMIT_POSTS_PER_MINUTE_PER_IP: "100000",
        ABUSE_BLOCK_REJECTIONS: "1000",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const output = captureOutput(child);
  const url = `http://127.0.0.1:${port}`;
  // The server announces itself once a first request has loaded its modules (scripts/serve.ts):
  // with several servers starting at once on a busy machine, that takes more than a minute.
  const deadline = Date.now() + 180_000;
  while (!output().includes("listening on")) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start within 180 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
    });
  return {
    url,
    dataDir,
    process: child,
    output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited();
    },
    kill: async () => {
      child.kill("SIGKILL");
      await exited();
    },
  };
}

/** Everything a child process has written to stdout and stderr so far. */
export function captureOutput(child: ChildProcess): () => string {
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  return () => out;
}

/** The server's log from its first incident on (up to 60 lines): what a failing assertion shows. */
export function failureLines(output: string): string {
  const lines = output.split("\n");
  const first = lines.findIndex((l) => /unhandled error|incident|Error\b/.test(l));
  return first < 0 ? "(no incident in the server log)" : lines.slice(first, first + 60).join("\n");
}
