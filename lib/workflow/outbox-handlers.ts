import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { describeError } from "@/lib/errors/describe-error";
import { onBeforeExit } from "@/lib/lifecycle/before-exit";
import { announceJobChange } from "@/lib/job-events/announce";
import {
  JOB_CHANGED_TOPIC,
  JOB_FINISHED_TOPIC,
  type JobChanged,
  type JobFinished,
} from "@/lib/jobs/job-outbox";
import type { OutboxHandlers } from "@/lib/outbox/dispatch-outbox";
import { startOutboxDispatcher } from "@/lib/outbox/outbox-dispatcher";
import { REFUND_CONFIRMED_TOPIC, type RefundConfirmed } from "@/lib/refunds/refund-outbox";
import { webhookOnJobFinished, webhookOnRefundConfirmed } from "@/lib/webhooks/events";

/** What each outbox topic does: the one place that knows both the writers and the effects. */
export function outboxHandlers(): OutboxHandlers {
  return {
    [JOB_CHANGED_TOPIC]: (tx, p) => announceJobChange(tx, (p as JobChanged).jobId),
    [JOB_FINISHED_TOPIC]: (tx, p) => webhookOnJobFinished(tx, p as JobFinished),
    [REFUND_CONFIRMED_TOPIC]: (tx, p) => {
      const confirmed = p as RefundConfirmed;
      return webhookOnRefundConfirmed(tx, confirmed, confirmed.transaction);
    },
  };
}

const holder = globalThis as unknown as { __reel402Outbox?: Promise<unknown> };

/** Starts this process's outbox dispatcher once, whichever engine runs the jobs. */
export function startOutbox(db: Db): void {
  holder.__reel402Outbox ??= startOutboxDispatcher(db, getEnv().databaseUrl, outboxHandlers())
    .then((dispatcher) => {
      // A clean shutdown lets the pass under way commit; what is left waits for the next process.
      onBeforeExit("outbox", () => dispatcher.stop());
    })
    .catch((error: unknown) => {
      holder.__reel402Outbox = undefined;
      console.error(`[reel402] outbox dispatcher not started: ${describeError(error)}`);
    });
}
