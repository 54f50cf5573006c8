import type { Db } from "@/lib/platform";
import { openOrphans, settleOrphan } from "@/lib/jobs/attempt-repository";
import { ProviderFailure, type VideoProvider } from "@/lib/jobs/providers/types";

/**
 * The upkeep's follow-up of upstream tasks nobody waits for any more (a timed-out attempt whose
 * upstream would not cancel it, a task created for an attempt another runner had written off):
 * each is asked to stop while it runs, and once the upstream says it is over, how it ended is
 * audited, so a render that billed without a delivery is on record. An upstream that cannot tell
 * is asked again next tick.
 */
export async function followUpOrphanTasks(
  db: Db,
  providers: readonly VideoProvider[],
  limit = 20,
): Promise<number> {
  let settled = 0;
  for (const attempt of await openOrphans(db, limit)) {
    const provider = providers.find((p) => p.name === attempt.provider);
    if (!provider || !attempt.taskId) {
      await settleOrphan(db, attempt, provider ? "no task" : "provider no longer configured");
      settled++;
      continue;
    }
    try {
      const polled = await provider.poll(attempt.taskId);
      if (polled.state === "running") {
        if ((await provider.cancel(attempt.taskId)) === "running") continue;
        await settleOrphan(db, attempt, "cancelled");
      } else {
        const outcome =
          polled.state === "succeeded" ? "rendered, not delivered" : `ended: ${polled.error.code}`;
        await settleOrphan(db, attempt, outcome);
      }
      settled++;
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
    }
  }
  return settled;
}
