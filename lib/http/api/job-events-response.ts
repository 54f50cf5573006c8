import { openStreamSlot } from "@/lib/http/api/free-guard";
import { problem } from "@/lib/http/api/problem";
import { services } from "@/lib/server";
import { openJobStream } from "@/lib/notify";
import { findJob } from "@/lib/jobs";

const HEARTBEAT_MS = 15_000;

/** The event id a reconnecting client last saw: the Last-Event-ID header, or ?last_event_id=. */
export function lastEventId(request: Request): number | null {
  const raw =
    request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("last_event_id");
  if (raw === null || raw.trim() === "") return 0;
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** GET /jobs/{id}/events: free, no payment; the job's changes as Server-Sent Events. */
export async function jobEventsResponse(request: Request, id: string): Promise<Response> {
  const instance = `/jobs/${id}/events`;
  // Taken before any database work, so a client opening streams by the hundred is refused cheaply.
  const slot = openStreamSlot(request, instance);
  if ("refused" in slot) return slot.refused;
  let handedOver = false;
  try {
    const answer = await openEvents(request, id, instance, slot.release);
    handedOver = answer.status === 200;
    return answer;
  } finally {
    if (!handedOver) slot.release();
  }
}

async function openEvents(
  request: Request,
  id: string,
  instance: string,
  onClose: () => void,
): Promise<Response> {
  const db = await services().db();
  const job = await findJob(db, id);
  if (!job) return problem("not_found", "No job with this id.", { instance });
  const after = lastEventId(request);
  if (after === null)
    return problem("invalid_request", "Last-Event-ID must be an event id from this stream.", {
      instance,
    });
  const stream = await openJobStream({
    db,
    hub: await services().jobEventHub(),
    jobId: job.id,
    after,
    ...services().jobViewContext(),
    heartbeatMs: HEARTBEAT_MS,
    onClose,
  });
  // 204 tells an EventSource to stop reconnecting: the client has seen the job finish.
  if (!stream) return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
