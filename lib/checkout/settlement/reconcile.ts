import type { PublicClient } from "viem";
import { type Db, DEVNET_NETWORK } from "@/lib/platform";
import { type ChainHeads, findOpenPayments, type Head, type PaymentRow } from "@/lib/money";
import { applySettlement, type Settlement } from "@/lib/checkout/settlement/apply";
import { authorizationUsed } from "@/lib/checkout/settlement/authorization-used";
import { type Settler, settleStale } from "@/lib/checkout/settlement/settle-stale";

const DEVNET_CHAIN_ID = Number(DEVNET_NETWORK.split(":")[1]);

export type ReconcileOptions = {
  /** A payment still `verified` this long after creation lost its request (crash); ask the chain. */
  staleVerifiedMs: number;
  /** Past validBefore plus this margin an unused authorization can never be spent. */
  expiryMarginSeconds: number;
  onQueued?: (job: { id: string; payer: string }) => Promise<void>;
  /** Settles a stale `verified` payment: the service's own facilitator, as the paid request would. */
  settle: Settler;
  /** The process's chain heads: a node answering from behind a block already seen is not believed. */
  heads: ChainHeads;
  /** Only this network's payments (the chain given is that network's); every payment unless set. */
  network?: string;
};

/**
 * Resolves settlements of unknown outcome from the chain itself: a used authorization means the
 * money moved (job → queued); one still unused at a block past its validity can never move it
 * (job → cancelled, nothing charged). A payment left `verified` by a request that died before
 * settling, still unused and valid, is settled here from its stored authorization. A read that
 * gives no answer is never taken for "unused": that payment waits for a later tick.
 */
export async function reconcilePayments(
  db: Db,
  chain: PublicClient,
  asset: `0x${string}`,
  opts: ReconcileOptions,
  now = new Date(),
): Promise<number> {
  const open = (await findOpenPayments(db, new Date(now.getTime() - opts.staleVerifiedMs))).filter(
    (p) => !opts.network || p.network === opts.network,
  );
  if (!open.length) return 0;
  const head = await opts.heads.fresh(chain);
  if (head.kind !== "yes") return 0;
  let resolved = 0;
  for (const payment of open) {
    const settlement = await decide(chain, asset, payment, head.value, opts, now);
    if (!settlement) continue;
    const { queued } = await applySettlement(db, {
      jobId: payment.jobId,
      paymentId: payment.id,
      settlement,
      via: "reconciler",
    });
    if (queued) await opts.onQueued?.(queued);
    if (settlement.kind !== "unknown") resolved++;
  }
  return resolved;
}

/** What the chain (and, for a stale `verified` payment, a settle attempt) says; null: wait. */
async function decide(
  chain: PublicClient,
  asset: `0x${string}`,
  payment: PaymentRow,
  head: Head,
  opts: ReconcileOptions,
  now: Date,
): Promise<Settlement | null> {
  const used = await authorizationUsed(chain, asset, payment, head);
  if (used.kind === "yes") return { kind: "settled", transaction: used.value };
  if (used.kind === "unknown") return null;
  if (expired(chain, payment, head, opts, now))
    return { kind: "failed", reason: "authorization expired unused" };
  return payment.status === "verified"
    ? settleStale(chain, asset, payment, opts.settle, opts.heads)
    : null;
}

/**
 * Past validBefore no block can include the authorization. On a live chain the head's own clock
 * proves it; the devnet mines only on demand, so an idle devnet's head never gets there and the
 * wall clock stands in (with the margin).
 */
function expired(
  chain: PublicClient,
  payment: PaymentRow,
  head: Head,
  opts: ReconcileOptions,
  now: Date,
): boolean {
  const deadline = payment.validBefore + opts.expiryMarginSeconds;
  if (now.getTime() / 1000 <= deadline) return false;
  return chain.chain?.id === DEVNET_CHAIN_ID || head.timestamp > BigInt(deadline);
}
