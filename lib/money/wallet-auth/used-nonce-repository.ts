import { lt } from "drizzle-orm";
import type { Db } from "@/lib/platform";
import { walletProofNonces } from "@/lib/money/schema";

/** Rows outlive their nonce by this much, so an instance whose clock runs behind still sees them. */
const PRUNE_MARGIN_MS = 60_000;

/**
 * Spends a nonce: true the first time, false ever after (the primary key decides between
 * concurrent uses, in any process sharing the database). Spent nonces past their expiry are
 * pruned on the way; the proof check refuses them by their signed time anyway.
 */
export async function spendNonce(
  db: Db,
  nonce: string,
  expiresAt: Date,
  now = new Date(),
): Promise<boolean> {
  await db
    .delete(walletProofNonces)
    .where(lt(walletProofNonces.expiresAt, new Date(now.getTime() - PRUNE_MARGIN_MS)));
  const spent = await db
    .insert(walletProofNonces)
    .values({ nonce, expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: walletProofNonces.nonce });
  return spent.length === 1;
}
