import { webhookOnJobFinished, webhookOnRefundConfirmed } from "@/lib/notify";
import {
  announceJobChange,
  JOB_CHANGED_TOPIC,
  JOB_FINISHED_TOPIC,
  type JobChanged,
  type JobFinished,
} from "@/lib/jobs";
import type { OutboxHandlers } from "@/lib/platform";
import { REFUND_CONFIRMED_TOPIC, type RefundConfirmed } from "@/lib/money";

/** What each outbox topic does: the one place that knows both the writers and the effects. */
export function outboxHandlers(): OutboxHandlers {
  return {
    // Rows written by earlier versions, which announced through the outbox.
    [JOB_CHANGED_TOPIC]: (tx, p) => announceJobChange(tx, (p as JobChanged).jobId),
    [JOB_FINISHED_TOPIC]: (tx, p) => webhookOnJobFinished(tx, p as JobFinished),
    [REFUND_CONFIRMED_TOPIC]: (tx, p) => {
      const confirmed = p as RefundConfirmed;
      return webhookOnRefundConfirmed(tx, confirmed, confirmed.transaction);
    },
  };
}
