import type { Db } from "@/lib/platform";
import type { JobEventHub } from "@/lib/notify/job-events/hub";
import {
  feedFor,
  forgetFeed,
  type JobChange,
  type JobFeed,
} from "@/lib/notify/job-events/job-feed";
import { type JobViewContext, jobView } from "@/lib/notify/job-events/job-view";
import { isJobStatus, isTerminal } from "@/lib/jobs";

export type JobStreamOptions = JobViewContext & {
  db: Db;
  hub: JobEventHub;
  jobId: string;
  /** The id of the last change the client saw (Last-Event-ID); 0 for everything. */
  after: number;
  heartbeatMs: number;
  /** Called once when the stream ends, however it ends (the caller's stream slot). */
  onClose?: () => void;
  /** Bytes a client may leave unread before the stream is closed on it (it resumes with Last-Event-ID). */
  maxUnreadBytes?: number;
  /** A stream is closed after this long, so no connection is held for ever; the client resumes. */
  maxLifetimeMs?: number;
};

const MAX_UNREAD_BYTES = 64 * 1024;
const MAX_LIFETIME_MS = 30 * 60_000;

const encoder = new TextEncoder();

export function sseFrame(event: string, data: unknown, id?: number): Uint8Array {
  const idLine = id === undefined ? "" : `id: ${id}\n`;
  return encoder.encode(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

const terminalChange = (c: JobChange) =>
  c.type === "job.transition" && isJobStatus(String(c.data.to)) && isTerminal(c.data.to as never);

/**
 * Server-Sent Events of one job: every recorded change after `after` (`status`, `attempt`, each
 * with its audit id as event id), a `progress` snapshot (no id: it is state, not history) when
 * progress moved, and the final `job` carrying the terminal change's id, after which the stream
 * ends. Null when the client has already seen exactly the terminal change: nothing is left to
 * send. An `after` beyond every change of the job (ids are shared by all jobs) cannot be one this
 * stream sent: the client gets what is still to come, the final job included, and the end.
 * `onClose` runs once whichever way the stream ends: finished, cancelled by the client, a client
 * that stopped reading (`maxUnreadBytes`), or `maxLifetimeMs` reached.
 */
export async function openJobStream(opts: JobStreamOptions): Promise<ReadableStream | null> {
  const feed = feedFor(opts.db, opts.jobId, opts.activeJobsPerWallet);
  let wake: () => void = () => undefined;
  // Watch before the first read, so a change committed in between is not missed.
  const detach = feed.attach(opts.hub, () => wake(), opts.heartbeatMs);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    detach();
    forgetFeed(feed);
    opts.onClose?.();
  };
  try {
    await feed.refresh();
  } catch (error) {
    release();
    throw error;
  }
  const final = feed.changes.find(terminalChange);
  if (final && final.id === opts.after) {
    release();
    return null;
  }
  const lastKnown = feed.changes.at(-1)?.id ?? 0;
  let sentId = Math.min(opts.after, final ? final.id - 1 : lastKnown);
  let sentProgress = "";
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  let queue = Promise.resolve();
  const stop = () => {
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    release();
  };
  const maxUnread = opts.maxUnreadBytes ?? MAX_UNREAD_BYTES;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const end = () => {
          if (closed) return;
          stop();
          controller.close();
        };
        // What the client has not read stays queued here; past the allowance it is dropped, not kept.
        const push = (frame: Uint8Array) => {
          if (closed) return;
          controller.enqueue(frame);
          if ((controller.desiredSize ?? 0) < 0) end();
        };
        push(encoder.encode("retry: 2000\n\n"));
        const send = async () => {
          if (closed) return;
          const frames = await pending(feed, sentId, sentProgress, opts);
          if (closed) return;
          for (const frame of frames.frames) push(frame);
          sentId = frames.sentId;
          sentProgress = frames.sentProgress;
          if (frames.done) end();
        };
        wake = () => {
          queue = queue.then(send).catch(() => undefined);
        };
        heartbeat = setInterval(() => push(encoder.encode(": heartbeat\n\n")), opts.heartbeatMs);
        lifetime = setTimeout(end, opts.maxLifetimeMs ?? MAX_LIFETIME_MS);
        lifetime.unref?.();
        wake();
      },
      cancel() {
        stop();
      },
    },
    { highWaterMark: maxUnread, size: (chunk) => chunk.byteLength },
  );
}

async function pending(
  feed: JobFeed,
  sentId: number,
  sentProgress: string,
  opts: JobStreamOptions,
) {
  const frames: Uint8Array[] = [];
  for (const change of feed.changes) {
    if (change.id <= sentId) continue;
    sentId = change.id;
    if (terminalChange(change) && feed.job) {
      // The final job is the one view every surface shows: poster, receipt and webhooks too.
      const job = await jobView(opts.db, feed.job, opts);
      frames.push(sseFrame("job", job, change.id));
      return { frames, sentId, sentProgress, done: true };
    }
    const event = change.type === "job.transition" ? "status" : "attempt";
    frames.push(sseFrame(event, { job_id: feed.jobId, ...publicChange(change) }, change.id));
  }
  const progress = feed.facts ? JSON.stringify(feed.facts.progress) : sentProgress;
  if (progress !== sentProgress && feed.job && feed.facts) {
    frames.push(
      sseFrame("progress", {
        job_id: feed.jobId,
        status: feed.job.status,
        progress: feed.facts.progress,
      }),
    );
  }
  return { frames, sentId, sentProgress: progress, done: false };
}

/** The public face of a change: no payer, amount or audit internals. */
function publicChange(change: JobChange) {
  const d = change.data;
  const at = change.at.toISOString();
  if (change.type === "job.transition")
    return { status: d.to, previous_status: d.from, at, error_code: errorCode(d.error) };
  return {
    attempt: d.number,
    provider: d.provider,
    outcome: change.type === "attempt.started" ? "started" : d.status,
    at,
    error_code: errorCode(d.error),
  };
}

const errorCode = (error: unknown) =>
  error && typeof error === "object" && "code" in error ? String(error.code) : null;
