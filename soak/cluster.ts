import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../tests/helpers/ports";
import { startServer, type TestServer } from "../tests/helpers/server";

export type Instance = { name: string; port: number; server: TestServer | null; starts: number };

export type Cluster = {
  url: string;
  instances: Instance[];
  /** SIGKILLs one instance's server process, as a crashed host would be lost. */
  kill: (instance: Instance) => Promise<void>;
  start: (instance: Instance) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * N `next start` servers (scripts/serve.ts, as `npm start` runs them) on fixed ports, sharing one
 * database, one Redis, one data folder (renders and videos, as a shared volume would) and the two
 * secrets; HAProxy from Debian's packages in front, round robin with /healthz checks.
 */
export async function startCluster(opts: {
  instances: number;
  env: Record<string, string>;
  dataDir: string;
  workDir: string;
}): Promise<Cluster> {
  const instances: Instance[] = [];
  for (let i = 1; i <= opts.instances; i++)
    instances.push({ name: `app${i}`, port: await freePort(), server: null, starts: 0 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Clients reach the instances through the balancer: links and sign-in challenges name it.
  const env = { PUBLIC_BASE_URL: url, ...opts.env };
  const start = async (instance: Instance) => {
    instance.server = await startServer(env, { dataDir: opts.dataDir, port: instance.port });
    instance.starts++;
  };
  const kill = async (instance: Instance) => {
    const s = instance.server;
    instance.server = null;
    await s?.kill();
  };
  const config = path.join(opts.workDir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig(port, instances));
  let haproxy: ChildProcess | null = null;
  const stopAll = async () => {
    for (const instance of instances) await instance.server?.stop().catch(() => undefined);
    if (haproxy) await stopChild(haproxy);
    killOrphanRenders(opts.dataDir);
  };
  try {
    // One at a time: three production servers starting at once starve a small machine.
    for (const instance of instances) await start(instance);
    const balancer = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", "pipe", "pipe"] });
    haproxy = balancer;
    let haproxyLog = "";
    // Without Debian's haproxy the spawn fails: said plainly, and the instances are stopped.
    balancer.on("error", (error: NodeJS.ErrnoException) => {
      haproxyLog =
        error.code === "ENOENT"
          ? "haproxy is not installed (apt-get install haproxy)"
          : `haproxy could not start (${error.code ?? error.name})`;
    });
    for (const s of [balancer.stdout, balancer.stderr])
      s?.on("data", (d: Buffer) => (haproxyLog = (haproxyLog + d.toString()).slice(-4000)));
    await waitForBalancer(url, balancer, () => haproxyLog);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    url,
    instances,
    kill,
    start,
    close: stopAll,
  };
}

function haproxyConfig(port: number, instances: Instance[]): string {
  return [
    "global",
    "  maxconn 1024",
    "defaults",
    "  mode http",
    "  timeout connect 1s",
    "  timeout client 60s",
    "  timeout server 60s",
    // A request whose connection could not be made goes to another server, never the same dead one.
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response",
    "frontend reel402",
    `  bind 127.0.0.1:${port}`,
    "  option forwardfor",
    "  default_backend app",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /healthz",
    "  http-check expect status 200",
    // A killed instance refuses connections at once; a live but busy one may take seconds to answer.
    "  timeout check 5s",
    "  default-server inter 1s fall 2 rise 1",
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    "",
  ].join("\n");
}

async function waitForBalancer(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || (child.pid === undefined && log()))
      throw new Error(`haproxy exited (${child.exitCode}): ${log()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer within 20 s: ${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

/** A killed server leaves its ffmpeg children running; end those working in our renders folder (and nothing else). */
function killOrphanRenders(dataDir: string) {
  const renders = path.resolve(dataDir, "renders");
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (readlinkSync(`/proc/${pid}/cwd`).startsWith(`${renders}/`))
        process.kill(Number(pid), "SIGKILL");
    } catch {
      // Gone already, or not ours to read.
    }
  }
}
