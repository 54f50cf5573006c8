import {
  AuditBreakError,
  checkpointAuditLog,
  type CheckpointState,
  type Db,
  describeError,
  explainBreak,
} from "@/lib/platform";
import type { PublicClient } from "viem";
import {
  followUpOrphanTasks,
  forgetVideos,
  jobsWithExpiredVideos,
  type VideoProvider,
} from "@/lib/jobs";
import { reconcilePayments, type Settler } from "@/lib/checkout";
import {
  type ChainHeads,
  driveRefund,
  type OperatorWallet,
  type RefundFaults,
  refundsInStatus,
} from "@/lib/money";
import {
  removeExpiredUploads,
  removeExpiredVideos,
  sweepOrphanPartials,
  type VideoStore,
} from "@/lib/media";
import type { WakeTarget } from "@/lib/server/workflow/wake";
import type { DeliveryLane } from "@/lib/notify";

/** One accepted network's chain reader, USDC and refund wallet. */
export type NetworkDeps = {
  network: string;
  chain: PublicClient;
  asset: `0x${string}`;
  refundWallet: OperatorWallet | null;
};

export type MaintenanceDeps = {
  db: Db;
  /** The main network's; unset, its chain stands for every payment and refund (one network). */
  network?: string;
  chain: PublicClient;
  asset: `0x${string}`;
  refundWallet: OperatorWallet | null;
  /** EXTRA_NETWORKS: each payment and refund is read and repaid on its own network's chain. */
  extraNetworks?: NetworkDeps[];
  store: VideoStore;
  staleVerifiedMs: number;
  expiryMarginSeconds: number;
  onQueued: (job: WakeTarget) => Promise<void>;
  /** Settles a payment whose request died after verifying it (the service's own facilitator). */
  settle: Settler;
  /** The process's chain heads, shared with the facilitator that settles. */
  heads: ChainHeads;
  refundFaults?: RefundFaults;
  /** The local video folder, where a crashed upload leaves a `.partial` file behind. */
  partials?: { dir: string; olderThanMs: number };
  /** Checkpoints the audit chain's head into the store each tick; the state lives as long as the process. */
  audit?: { secret: string; state: CheckpointState; reported?: string };
  /** The process's webhook deliveries, kicked each tick (see delivery-lane.ts). */
  webhookLane?: Pick<DeliveryLane, "kick">;
  /** The configured upstreams, whose tasks nobody waits for any more are followed up. */
  providers?: readonly VideoProvider[];
};

/**
 * Background upkeep shared by both engines: audit checkpoint, settlements, refunds, expired
 * videos and uploads, crash leftovers. Idempotent.
 */
export async function runMaintenance(deps: MaintenanceDeps): Promise<{
  reconciled: number;
  refunds: number;
  expired: number;
  expiredUploads: number;
  sweptPartials: number;
  /** Webhook deliveries in flight in their own lane (see delivery-lane.ts). */
  webhooks: number;
  /** Upstream tasks nobody waited for any more, now known to be over. */
  orphans: number;
}> {
  if (deps.audit) await checkpointAudit(deps.db, deps.store, deps.audit);
  const networks: Array<Omit<NetworkDeps, "network"> & { network?: string }> = [
    deps,
    ...(deps.extraNetworks ?? []),
  ];
  // One part failing (an RPC outage, on one network) must not hold up the others.
  let reconciled = 0;
  for (const n of networks)
    reconciled += await reconcilePayments(deps.db, n.chain, n.asset, {
      ...deps,
      network: n.network,
    }).catch((error: unknown) => {
      console.error("[reel402] settlement reconciliation failed:", errorName(error));
      return 0;
    });
  let refunds = 0;
  if (networks.some((n) => n.refundWallet)) {
    for (const refund of await refundsInStatus(deps.db, ["pending", "sent"])) {
      const on = networks.find((n) => !n.network || n.network === refund.network);
      if (!on?.refundWallet) continue;
      try {
        await driveRefund(deps.db, on.refundWallet, on.asset, refund, deps.refundFaults);
        refunds++;
      } catch (error) {
        console.error(`[reel402] refund ${refund.id} step failed:`, errorName(error));
      }
    }
  }
  const expired = await clearExpiredVideos(deps.db, deps.store);
  // Last, and contained: a store that cannot list must not fail the upkeep before it.
  const expiredUploads = await removeExpiredUploads(deps.store).catch((error: unknown) => {
    console.error(`[reel402] expired uploads not removed: ${describeError(error)}`);
    return 0;
  });
  const sweptPartials = deps.partials
    ? await sweepOrphanPartials(deps.partials.dir, deps.partials.olderThanMs).catch(
        (error: unknown) => {
          console.error(`[reel402] upload leftovers not swept: ${describeError(error)}`);
          return 0;
        },
      )
    : 0;
  const orphans = deps.providers
    ? await followUpOrphanTasks(deps.db, deps.providers).catch((error: unknown) => {
        console.error(`[reel402] orphaned upstream tasks not followed up: ${describeError(error)}`);
        return 0;
      })
    : 0;
  // Started, never awaited: a receiver that hangs must not hold up the next tick's money work.
  const webhooks = deps.webhookLane?.kick() ?? 0;
  return { reconciled, refunds, expired, expiredUploads, sweptPartials, webhooks, orphans };
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : "unknown error");

/** Past its link's expiry a video is deleted from the store, then forgotten by its job. */
async function clearExpiredVideos(db: Db, store: VideoStore, now = new Date()): Promise<number> {
  const due = await jobsWithExpiredVideos(db, now, 100);
  const failed = new Set<string>();
  await removeExpiredVideos(store, due, { onError: (key) => failed.add(key) });
  const removed = due.filter((d) => !failed.has(d.key)).map((d) => d.id);
  await forgetVideos(db, removed, now);
  return removed.length;
}

/** A failed checkpoint must not stop the upkeep; a refused one is reported once, not every tick. */
async function checkpointAudit(
  db: Db,
  store: VideoStore,
  audit: NonNullable<MaintenanceDeps["audit"]>,
): Promise<void> {
  try {
    await checkpointAuditLog(db, store, audit.secret, audit.state);
    audit.reported = undefined;
  } catch (error) {
    const what =
      error instanceof AuditBreakError
        ? `refused, the log no longer holds at ${explainBreak(error.broken)}`
        : `failed: ${errorName(error)}`;
    if (audit.reported === what) return;
    audit.reported = what;
    console.error(`[reel402] audit checkpoint ${what} (run npm run audit:verify)`);
  }
}
