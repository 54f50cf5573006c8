import { type Db, writeOutbox } from "@/lib/platform";

/** A refund landed on chain: the job's subscriber hears of it. */
export const REFUND_CONFIRMED_TOPIC = "refund.confirmed";

export type RefundConfirmed = { jobId: string; amountAtomic: number; transaction: string };

/** In the transaction that confirms the refund, so the event exists if and only if it commits. */
export async function outboxRefundConfirmed(tx: Db, confirmed: RefundConfirmed): Promise<void> {
  await writeOutbox(tx, REFUND_CONFIRMED_TOPIC, confirmed);
}
