import "server-only";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { AdvanceDeps } from "@/lib/jobs/advance";
import { providersFromEnv } from "@/lib/providers/registry";
import { getVideoStore } from "@/lib/storage/store";
import { startEmbeddedRunner } from "@/lib/workflow/embedded-runner";
import { registerWaker } from "@/lib/workflow/wake";

/** Everything advance() needs, built from the running config. */
export async function advanceDepsFromEnv(): Promise<AdvanceDeps> {
  const env = getEnv();
  return {
    db: await getDb(),
    providers: providersFromEnv(env),
    store: getVideoStore(),
    activeJobsPerWallet: env.limits.activeJobsPerWallet,
    ...env.generation,
  };
}

const holder = globalThis as unknown as { __reel402Runner?: ReturnType<typeof startEmbeddedRunner> };

/** Starts the embedded runner once per process (the default engine). */
export async function startEmbeddedEngine(): Promise<void> {
  if (holder.__reel402Runner) return;
  const runner = startEmbeddedRunner(await advanceDepsFromEnv());
  holder.__reel402Runner = runner;
  registerWaker(() => runner.wake());
  console.log(`[reel402] embedded job runner started (${runner.owner})`);
}
