import { type Db, describeError, jobAuditAfter } from "@/lib/platform";
import type { JobEventHub } from "@/lib/notify/job-events/hub";
import { type JobFacts, readJob } from "@/lib/notify/job-events/job-view";
import type { JobRow } from "@/lib/jobs";

/** One recorded change of a job: its audit row, whose id orders it (and resumes a stream). */
export type JobChange = {
  id: number;
  at: Date;
  type: "job.transition" | "attempt.started" | "attempt.ended";
  data: Record<string, unknown>;
};

const CHANGE_TYPES: JobChange["type"][] = ["job.transition", "attempt.started", "attempt.ended"];
// A Redis message can outrun the commit it announces: an empty look is repeated after these.
const RELOOK_MS = [50, 250, 1_000];

/**
 * What the streams of one job in this process share: one read per announcement however many
 * clients watch, so a thousand viewers of a job cost the database what one does.
 */
export class JobFeed {
  changes: JobChange[] = [];
  job: JobRow | undefined;
  facts: JobFacts | undefined;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private release: () => void = () => undefined;

  constructor(
    private readonly db: Db,
    readonly jobId: string,
    private readonly activeJobsPerWallet: number,
  ) {}

  /**
   * Watches the job while anyone listens; also looks every `lookEveryMs` (one timer per feed, not
   * per client) for what no announcement covers: the queue moving, the ETA, a lost message.
   */
  attach(hub: JobEventHub, onChange: () => void, lookEveryMs: number): () => void {
    if (this.listeners.size === 0) {
      const unwatch = hub.watch(this.jobId, () => this.poke());
      const timer = setInterval(() => this.poke(), lookEveryMs);
      timer.unref?.();
      this.release = () => {
        unwatch();
        clearInterval(timer);
      };
    }
    this.listeners.add(onChange);
    return () => {
      this.listeners.delete(onChange);
      if (this.listeners.size === 0) this.release();
    };
  }

  /** A refresh nobody awaits: a failed read is retried by the next announcement or look. */
  poke(relook = 0): void {
    this.refresh(relook).catch((error: unknown) =>
      console.warn(`[job-events] job ${this.jobId}: ${describeError(error)}`),
    );
  }

  get watched(): boolean {
    return this.listeners.size > 0;
  }

  /** Reads what changed since the last read; concurrent calls share one read plus one more. */
  refresh(relook = 0): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.read(relook).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
    return this.running;
  }

  private async read(relook: number): Promise<void> {
    const after = this.changes.at(-1)?.id ?? 0;
    const rows = await jobAuditAfter(this.db, this.jobId, after, CHANGE_TYPES);
    const read = await readJob(this.db, this.jobId, this.activeJobsPerWallet);
    const job = read?.job;
    const facts = read?.facts;
    const moved =
      rows.length > 0 || JSON.stringify(facts?.progress) !== JSON.stringify(this.facts?.progress);
    this.changes.push(...(rows as JobChange[]));
    this.job = job;
    this.facts = facts;
    if (moved) for (const listener of this.listeners) listener();
    else if (relook < RELOOK_MS.length && this.watched)
      setTimeout(() => this.poke(relook + 1), RELOOK_MS[relook]).unref?.();
  }
}

const feeds = new Map<string, JobFeed>();

/** The process's feed of a job, created on first watch and forgotten when nobody watches. */
export function feedFor(db: Db, jobId: string, activeJobsPerWallet: number): JobFeed {
  const existing = feeds.get(jobId);
  if (existing) return existing;
  const feed = new JobFeed(db, jobId, activeJobsPerWallet);
  feeds.set(jobId, feed);
  return feed;
}

export function forgetFeed(feed: JobFeed): void {
  if (!feed.watched && feeds.get(feed.jobId) === feed) feeds.delete(feed.jobId);
}
