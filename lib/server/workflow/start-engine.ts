import "server-only";
import {
  type AdvanceDeps,
  type UpstreamCallbackDeps,
  OUTPUT_POLICY_CODE,
  OUTPUT_UNSCREENED_CODE,
  callbackUrl,
  endUserId,
} from "@/lib/jobs";
import { publicClientFor, publicClientOf, refundIfOwed } from "@/lib/money";
import { processHolder } from "@/lib/server/holder";
import { type Services, services } from "@/lib/server/services";
import { localVideoDir } from "@/lib/media";
import { startEmbeddedRunner } from "@/lib/server/workflow/embedded-runner";
import { type MaintenanceDeps, runMaintenance } from "@/lib/server/workflow/maintenance";
import { describeError, idleBackoff } from "@/lib/platform";

/** Everything advance() needs, from the process's services. */
export async function advanceDeps(s: Services = services()): Promise<AdvanceDeps> {
  const env = s.config;
  const canRefund = s.wallets.refund() !== null;
  const store = s.videoStore();
  return {
    db: await s.db(),
    providers: s.providers(),
    store,
    activeJobsPerWallet: env.limits.activeJobsPerWallet,
    ...env.generation,
    screening: { screen: s.videoScreener() },
    endUserOf: (payer) => endUserId(s.secrets("upstream-end-user"), payer),
    callbackUrlOf: (provider, attemptId) =>
      callbackUrl(env.publicOrigin, s.secrets("upstream-callback"), provider, attemptId),
    onFinished: async (tx, job) => {
      await refundIfOwed(tx, job, refundReason(job.error?.code), canRefund);
    },
  };
}

/** What an upstream's completion callback needs, from the process's services. */
export async function upstreamCallbackDeps(
  s: Services = services(),
): Promise<UpstreamCallbackDeps> {
  return {
    db: await s.db(),
    secret: s.secrets("upstream-callback"),
    providers: s.providers(),
    wake: s.waker.wakeForCallback,
  };
}

function refundReason(code: string | undefined): string {
  if (code === OUTPUT_POLICY_CODE) return "the delivered video was withheld by output screening";
  if (code === OUTPUT_UNSCREENED_CODE) return "the delivered video could not be screened";
  return "generation failed after every attempt";
}

// Longer than any stall of a live upstream download, so only a dead process's file is old enough.
const PARTIAL_MAX_AGE_MS = 60 * 60_000;

/** Everything the upkeep needs, from the process's services. */
export async function maintenanceDeps(s: Services = services()): Promise<MaintenanceDeps> {
  const env = s.config;
  return {
    db: await s.db(),
    network: env.network,
    chain: publicClientOf(env) as MaintenanceDeps["chain"],
    asset: env.asset.address,
    refundWallet: s.wallets.refund(),
    extraNetworks: env.networks.slice(1).map((n) => ({
      network: n.network,
      chain: publicClientFor(n) as MaintenanceDeps["chain"],
      asset: n.asset.address,
      refundWallet: s.wallets.refund(n.network),
    })),
    store: s.videoStore(),
    providers: s.providers(),
    staleVerifiedMs: env.facilitatorTimeoutMs * 2,
    expiryMarginSeconds: 10,
    onQueued: s.waker.wake,
    settle: async (payload, requirements) =>
      (await s.resourceServer()).settlePayment(payload, requirements),
    heads: s.heads,
    audit: s.auditCheckpoint(),
    refundFaults: s.refundFaults,
    // Its job events' webhooks carry the job as GET /jobs/{id} shows it (see services.ts).
    webhookLane: await s.webhookLane(),
    ...(env.storage.driver === "local"
      ? { partials: { dir: localVideoDir(env.dataDir), olderThanMs: PARTIAL_MAX_AGE_MS } }
      : {}),
  };
}

const MAINTENANCE_INTERVAL_MS = 1_000;
// An idle upkeep (nothing found, no job running, no wake for a while) looks every 30 s at most:
// payments, refunds and webhooks in motion keep it at once a second.
const IDLE_MAINTENANCE_MS = 30_000;
const MAINTENANCE_GRACE_MS = 30_000;

/** Starts the embedded runner and its upkeep loop once per process (the default engine). */
export async function startEmbeddedEngine(): Promise<void> {
  processHolder.engine ??= startEmbedded(services()).catch((error: unknown) => {
    processHolder.engine = undefined;
    throw error;
  });
  await processHolder.engine;
}

async function startEmbedded(s: Services): Promise<void> {
  const deps = await advanceDeps(s);
  // Before the runner: the effects of its first transitions are carried out as they commit.
  await s.outbox();
  const runner = startEmbeddedRunner(deps);
  const upkeep = await maintenanceDeps(s);
  const waits = idleBackoff(MAINTENANCE_INTERVAL_MS, IDLE_MAINTENANCE_MS, MAINTENANCE_GRACE_MS);
  let sleeping: { timer: ReturnType<typeof setTimeout>; until: number } | undefined;
  const schedule = (ms: number) => {
    const timer = setTimeout(() => {
      sleeping = undefined;
      void tick();
    }, ms).unref();
    sleeping = { timer, until: Date.now() + ms };
  };
  const tick = async () => {
    const done = await runMaintenance(upkeep).catch((error: unknown) => {
      console.error(`[reel402] maintenance failed: ${describeError(error)}`);
      return null;
    });
    const found = !done || Object.values(done).some((n) => n > 0) || runner.inFlight() > 0;
    schedule(waits.after(found));
  };
  // New work: the runner looks now, and an upkeep gone idle comes back to its short interval.
  const wake = () => {
    runner.wake();
    waits.reset();
    if (sleeping && sleeping.until - Date.now() > MAINTENANCE_INTERVAL_MS) {
      clearTimeout(sleeping.timer);
      schedule(MAINTENANCE_INTERVAL_MS);
    }
  };
  // A callback already made the job due: the runner's next scan claims it.
  s.waker.register(wake, wake);
  void tick();
  console.log(`[reel402] embedded job runner started (${runner.owner})`);
}
