import { parseAbiItem, type PublicClient } from "viem";
import type { Db } from "@/lib/db/client";
import { DEVNET_NETWORK } from "@/lib/env";
import { type ChainFact, no, readFact, unknown, yes } from "@/lib/payments/chain-fact";
import { freshHead, type Head } from "@/lib/payments/chain-head";
import { findOpenPayments, type PaymentRow } from "@/lib/payments/repository";
import { applySettlement, type Settlement } from "@/lib/settlement/apply";

const AUTH_STATE = parseAbiItem(
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
);
const DEVNET_CHAIN_ID = Number(DEVNET_NETWORK.split(":")[1]);
const AUTH_USED = parseAbiItem(
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
);

export type ReconcileOptions = {
  /** A payment still `verified` this long after creation lost its request (crash); ask the chain. */
  staleVerifiedMs: number;
  /** Past validBefore plus this margin an unused authorization can never be spent. */
  expiryMarginSeconds: number;
  onQueued?: (job: { id: string; payer: string }) => Promise<void>;
};

/**
 * Resolves settlements of unknown outcome from the chain itself: a used authorization means the
 * money moved (job → queued); one still unused at a block past its validity can never move it
 * (job → cancelled, nothing charged). A read that gives no answer is never taken for "unused":
 * that payment waits for a later tick.
 */
export async function reconcilePayments(
  db: Db,
  chain: PublicClient,
  asset: `0x${string}`,
  opts: ReconcileOptions,
  now = new Date(),
): Promise<number> {
  const open = await findOpenPayments(db, new Date(now.getTime() - opts.staleVerifiedMs));
  if (!open.length) return 0;
  const head = await freshHead(chain);
  if (head.kind !== "yes") return 0;
  let resolved = 0;
  for (const payment of open) {
    const outcome = await authorizationOutcome(chain, asset, payment, head.value);
    let settlement: Settlement | null = null;
    if (outcome.kind === "yes") settlement = { kind: "settled", transaction: outcome.value };
    else if (outcome.kind === "no" && expired(chain, payment, head.value, opts, now))
      settlement = { kind: "failed", reason: "authorization expired unused" };
    if (!settlement) continue;
    const { queued } = await applySettlement(db, {
      jobId: payment.jobId,
      paymentId: payment.id,
      settlement,
      via: "reconciler",
    });
    if (queued) await opts.onQueued?.(queued);
    resolved++;
  }
  return resolved;
}

/** yes(transaction) when the authorization was used, no when unused as of `head`, else unknown. */
async function authorizationOutcome(
  chain: PublicClient,
  asset: `0x${string}`,
  payment: PaymentRow,
  head: Head,
): Promise<ChainFact<string | null>> {
  const authorizer = payment.payer as `0x${string}`;
  const nonce = payment.nonce as `0x${string}`;
  // Pinned to the head just read, so the answer and the head's clock describe the same state.
  const used = await readFact(() =>
    chain.readContract({
      address: asset,
      abi: [AUTH_STATE],
      functionName: "authorizationState",
      args: [authorizer, nonce],
      blockNumber: head.number,
    }),
  );
  if (used.kind !== "yes") return unknown(used.kind === "unknown" ? used.reason : "no answer");
  if (!used.value) return no();
  const logs = await readFact(() =>
    chain.getLogs({
      address: asset,
      event: AUTH_USED,
      args: { authorizer, nonce },
      fromBlock: 0n,
      toBlock: head.number,
    }),
  );
  if (logs.kind !== "yes") return unknown(logs.kind === "unknown" ? logs.reason : "no logs");
  return yes(logs.value[0]?.transactionHash ?? null);
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
