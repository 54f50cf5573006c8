import type { Db } from "@/lib/platform";
import { type Canceller, type CancelOutcome, cancelJob } from "@/lib/jobs";
import { refundIfOwed } from "@/lib/money/refunds/refund-policy";

/** Cancels an unfinished paid job and, in the same transaction, opens its refund when it was paid. */
export function cancelAndRefund(
  db: Db,
  id: string,
  canRefund: boolean,
  by: Canceller = "operator",
): Promise<CancelOutcome> {
  return cancelJob(db, id, by, (tx, job) =>
    refundIfOwed(tx, job, `cancelled by the ${by}`, canRefund),
  );
}
