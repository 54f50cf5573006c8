import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startServer } from "../tests/helpers/server";

/**
 * npm run bench -- idle-cpu [--compare <dir>] [--seconds n]
 *
 * Starts the built server (this checkout's .next, and another built checkout's with --compare) on
 * PGlite, lets it settle for 45 s, then reads the CPU time it and its child processes use while nothing asks
 * it anything (utime + stime of every thread, from /proc). Prints % of one core. Asserts nothing.
 */
// Start-up work (migrations, the first upkeep passes, a quiet period's grace) is over by then.
const SETTLE_MS = 45_000;

export async function benchIdleCpu(opts: { compare: string | null; seconds: number }) {
  const dirs = [...(opts.compare ? [path.resolve(opts.compare)] : []), process.cwd()];
  console.log(`\nidle CPU of a built server on PGlite over ${opts.seconds} s (Linux /proc)`);
  for (const dir of dirs) {
    const server = await startServer({}, { cwd: dir });
    try {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      const pid = server.process.pid ?? 0;
      const before = treeCpuMs(pid);
      await new Promise((r) => setTimeout(r, opts.seconds * 1000));
      const used = treeCpuMs(pid) - before;
      console.log(
        `  ${path.basename(dir).padEnd(12)} ${used} ms CPU = ${((used / (opts.seconds * 1000)) * 100).toFixed(2)} % of a core`,
      );
    } finally {
      await server.stop();
    }
  }
}

/** utime + stime of a process and its live descendants, with its reaped children's, in ms. */
function treeCpuMs(root: number): number {
  const stats = new Map<number, string[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const line = readFileSync(`/proc/${entry}/stat`, "utf8");
      stats.set(Number(entry), line.slice(line.lastIndexOf(") ") + 2).split(" "));
    } catch {}
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, f] of stats)
      if (!tree.has(pid) && tree.has(Number(f[1]))) {
        tree.add(pid);
        grew = true;
      }
  }
  let ticks = 0;
  // Fields 14-17 of the line (utime, stime, cutime, cstime) are 11-14 after the command name.
  for (const pid of tree) {
    const f = stats.get(pid);
    if (f) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  }
  return ticks * 10;
}
