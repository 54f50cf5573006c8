import "server-only";
import { namedSecret } from "@/lib/secrets/named-secret";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { jobViewContext } from "@/lib/api/job-view-context";
import { jobView } from "@/lib/job-events/job-view";
import { type AdvanceDeps, OUTPUT_POLICY_CODE, OUTPUT_UNSCREENED_CODE } from "@/lib/jobs/advance";
import { publicClientFor, publicClientOf } from "@/lib/payments/chain";
import { getRefundWallet } from "@/lib/payments/operator";
import { providersFromEnv } from "@/lib/providers/registry";
import { refundIfOwed } from "@/lib/refunds/refund-policy";
import type { RefundFaults } from "@/lib/refunds/send-refund";
import { getVideoStore, localVideoDir } from "@/lib/storage/store";
import { startEmbeddedRunner } from "@/lib/workflow/embedded-runner";
import { startOutbox } from "@/lib/workflow/outbox-handlers";
import { type MaintenanceDeps, runMaintenance } from "@/lib/workflow/maintenance";
import { registerWaker, wakeWorkflow } from "@/lib/workflow/wake";
import { describeError } from "@/lib/errors/describe-error";

/** Everything advance() needs, built from the running config. */
export async function advanceDepsFromEnv(): Promise<AdvanceDeps> {
  const env = getEnv();
  const canRefund = getRefundWallet() !== null;
  return {
    db: await getDb(),
    providers: providersFromEnv(env),
    store: getVideoStore(),
    activeJobsPerWallet: env.limits.activeJobsPerWallet,
    ...env.generation,
    onFinished: async (tx, job) => {
      await refundIfOwed(tx, job, refundReason(job.error?.code), canRefund);
    },
  };
}

function refundReason(code: string | undefined): string {
  if (code === OUTPUT_POLICY_CODE) return "the delivered video was withheld by output screening";
  if (code === OUTPUT_UNSCREENED_CODE) return "the delivered video could not be screened";
  return "generation failed after every attempt";
}

// Longer than any stall of a live upstream download, so only a dead process's file is old enough.
const PARTIAL_MAX_AGE_MS = 60 * 60_000;

const auditHolder = globalThis as unknown as {
  __reel402AuditCheckpoint?: MaintenanceDeps["audit"];
  __reel402RefundFaults?: RefundFaults;
};

/** Hooks the refund driver calls between its steps; the composition root installs them on the devnet. */
export function installRefundFaults(faults: RefundFaults): void {
  auditHolder.__reel402RefundFaults = faults;
}

export async function maintenanceDepsFromEnv(): Promise<MaintenanceDeps> {
  const env = getEnv();
  auditHolder.__reel402AuditCheckpoint ??= { secret: namedSecret("audit-chain"), state: {} };
  const db = await getDb();
  const store = getVideoStore();
  const viewContext = jobViewContext();
  return {
    db,
    network: env.network,
    chain: publicClientOf(env) as MaintenanceDeps["chain"],
    asset: env.asset.address,
    refundWallet: getRefundWallet(),
    extraNetworks: env.networks.slice(1).map((n) => ({
      network: n.network,
      chain: publicClientFor(n) as MaintenanceDeps["chain"],
      asset: n.asset.address,
      refundWallet: getRefundWallet(n.network),
    })),
    store,
    staleVerifiedMs: env.facilitatorTimeoutMs * 2,
    expiryMarginSeconds: 10,
    onQueued: (job) => wakeWorkflow(job),
    audit: auditHolder.__reel402AuditCheckpoint,
    refundFaults: auditHolder.__reel402RefundFaults,
    // A job event's webhook carries the job as GET /jobs/{id} shows it.
    webhooks: { ...env.webhooks, jobView: (jobId) => jobView(db, jobId, viewContext) },
    ...(env.storage.driver === "local"
      ? { partials: { dir: localVideoDir(), olderThanMs: PARTIAL_MAX_AGE_MS } }
      : {}),
  };
}

const holder = globalThis as unknown as {
  __reel402Runner?: ReturnType<typeof startEmbeddedRunner>;
};
const MAINTENANCE_INTERVAL_MS = 1_000;

/** Starts the embedded runner and its upkeep loop once per process (the default engine). */
export async function startEmbeddedEngine(): Promise<void> {
  if (holder.__reel402Runner) return;
  const deps = await advanceDepsFromEnv();
  // Before the runner: the effects of its first transitions are carried out as they commit.
  startOutbox(deps.db);
  const runner = startEmbeddedRunner(deps);
  holder.__reel402Runner = runner;
  registerWaker(() => runner.wake());
  const upkeep = await maintenanceDepsFromEnv();
  const tick = async () => {
    await runMaintenance(upkeep).catch((error: unknown) =>
      console.error(`[reel402] maintenance failed: ${describeError(error)}`),
    );
    setTimeout(() => void tick(), MAINTENANCE_INTERVAL_MS).unref();
  };
  void tick();
  console.log(`[reel402] embedded job runner started (${runner.owner})`);
}
