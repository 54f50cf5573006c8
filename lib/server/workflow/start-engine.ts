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
import { describeError } from "@/lib/platform";

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
  // A callback already made the job due: the runner's next scan claims it.
  s.waker.register(
    () => runner.wake(),
    () => runner.wake(),
  );
  const upkeep = await maintenanceDeps(s);
  const tick = async () => {
    await runMaintenance(upkeep).catch((error: unknown) =>
      console.error(`[reel402] maintenance failed: ${describeError(error)}`),
    );
    setTimeout(() => void tick(), MAINTENANCE_INTERVAL_MS).unref();
  };
  void tick();
  console.log(`[reel402] embedded job runner started (${runner.owner})`);
}
