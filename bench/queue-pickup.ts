import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDb } from "@/lib/platform/db/client";
import { jobs } from "@/lib/jobs/schema";
import { insertJob } from "@/lib/jobs/repository";
import { createLocalProvider } from "@/lib/jobs/providers/local-renderer";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { DEFAULT_RUNNER_OPTIONS, startEmbeddedRunner } from "@/lib/server/workflow/embedded-runner";
import { SPEC, POLLING_ONLY } from "../tests/helpers/jobs";

/** Time from a job becoming queued to the embedded runner starting it, woken and by scan alone. */
export async function benchQueuePickup(samples = 40): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "reel402-bench-"));
  const { db, close } = await openDb(undefined, dir);
  const runner = startEmbeddedRunner(
    {
      db,
      providers: [
        createLocalProvider({
          workDir: path.join(dir, "renders"),
          minLatencyMs: 600_000,
          faultRate: 1,
        }),
      ],
      store: createLocalStore({ dir: path.join(dir, "videos"), secret: "s".repeat(32) }),
      activeJobsPerWallet: 5,
      maxAttempts: 3,
      attemptDeadlineMs: 900_000,
      pollIntervalMs: 60_000,
      videoTtlMs: 86_400_000,
      ...POLLING_ONLY,
    },
    { ...DEFAULT_RUNNER_OPTIONS, concurrency: 64 },
  );
  const measure = async (wake: boolean) => {
    const out: number[] = [];
    for (let i = 0; i < samples; i++) {
      const id = crypto.randomUUID();
      const t = performance.now();
      await insertJob(db, {
        id,
        sku: "alpha-fast-custom",
        status: "queued",
        spec: SPEC,
        payer: `0xbench${wake}${i}`,
        amountAtomic: 1,
        network: "eip155:31337",
        queuedAt: new Date(),
        runAfter: new Date(),
      });
      if (wake) runner.wake();
      for (;;) {
        const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
        if (row?.status !== "queued") break;
        await new Promise((r) => setTimeout(r, 2));
      }
      out.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, Math.random() * 100));
    }
    out.sort((a, b) => a - b);
    return { p50: out[Math.floor(samples / 2)] ?? 0, p95: out[Math.floor(samples * 0.95)] ?? 0 };
  };
  try {
    const woken = await measure(true);
    const scanned = await measure(false);
    console.log(
      `queue-pickup (PGlite, embedded runner, scan every ${DEFAULT_RUNNER_OPTIONS.scanIntervalMs} ms, ${samples} jobs each)`,
    );
    console.log(
      `  woken by the paid request: p50 ${woken.p50.toFixed(0)} ms  p95 ${woken.p95.toFixed(0)} ms`,
    );
    console.log(
      `  found by the scan alone:   p50 ${scanned.p50.toFixed(0)} ms  p95 ${scanned.p95.toFixed(0)} ms`,
    );
  } finally {
    await runner.stop();
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}
