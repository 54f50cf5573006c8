import { arkFailure } from "@/lib/jobs/providers/ark-errors";
import { type ArkTask, arkTaskPage, executionLimit } from "@/lib/jobs/providers/ark-task";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import { type AttemptContext, ProviderFailure } from "@/lib/jobs/providers/types";

type Call = (url: string, init: RequestInit) => Promise<hosted.UpstreamReply>;

/** Ark's list API reaches back 7 days and takes page_num and page_size in [1, 500]. */
const LIST_WINDOW_MS = 7 * 24 * 3600_000;
const MAX_PAGES = 500;
/**
 * Ark stamps `created_at` in whole seconds on its own clock, after our attempt began: a little
 * slack for the rounding and for clock skew, small enough that an earlier attempt's task of the
 * same payer is not taken for this one's.
 */
const CLOCK_SLACK_MS = 10_000;

const cannotTell = (message: string) =>
  new ProviderFailure({ code: "upstream_lookup_failed", message, retryable: true });

/**
 * Finds the task a lost submit created. Ark keeps no client tag and does not echo
 * `callback_url`; a task does echo `safety_identifier` (our payer hash), `created_at` and
 * `execution_expires_after` (content_generation_task.py in byteplus-python-sdk-v2), so the
 * match is: this payer, created since the attempt began, with this attempt's limit. Every page
 * of each configured model is read, since Ark documents no order; no status filter, since a
 * lost task may already have ended. Two matches cannot be told apart and throw like any other
 * answer that proves nothing.
 */
export async function findLostArkTask(
  call: Call,
  tasksUrl: string,
  models: readonly string[],
  attempt: AttemptContext,
  pageSize: number,
): Promise<{ taskId: string } | null> {
  if (Date.now() - attempt.startedAt.getTime() > LIST_WINDOW_MS - 3600_000)
    throw cannotTell("The upstream's task list no longer reaches back to this attempt.");
  const since = attempt.startedAt.getTime() - CLOCK_SLACK_MS;
  const limit = executionLimit(attempt.executionLimitSeconds);
  const mine = (task: ArkTask) =>
    task.safety_identifier === attempt.endUser &&
    typeof task.created_at === "number" &&
    task.created_at * 1000 >= since &&
    (task.execution_expires_after == null || task.execution_expires_after === limit);

  const found = new Set<string>();
  for (const model of new Set(models)) {
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw cannotTell("The upstream's task list is too long to search.");
      const query = new URLSearchParams({
        page_num: String(page),
        page_size: String(pageSize),
        "filter.model": model,
      });
      const reply = await call(`${tasksUrl}?${query}`, { method: "GET" });
      if (!reply.ok) throw new ProviderFailure({ ...arkFailure(reply), retryable: true });
      const parsed = arkTaskPage.safeParse(reply.body);
      if (!parsed.success)
        throw hosted.unreadableReply("The upstream sent an unreadable task list.");
      const items = parsed.data.items ?? [];
      for (const task of items) if (mine(task)) found.add(task.id);
      if (items.length < pageSize || page * pageSize >= parsed.data.total) break;
    }
  }
  if (found.size > 1)
    throw cannotTell("The upstream holds more than one task this attempt may have created.");
  const [taskId] = found;
  return taskId ? { taskId } : null;
}
