import { type Refusal, refusal } from "@/lib/platform/errors/refusal";

/** What the free endpoints allow one client, and one process, at a time. */
export type FreeEndpointLimits = {
  /** Event streams one client may hold open in this process. */
  streamsPerClient: number;
  /** Event streams this process holds open for everyone together. */
  streamsTotal: number;
  /** Free reads (job polls, stream opens) one client may make per minute, in bursts up to this many. */
  readsPerMinute: number;
};

/** 429 for one greedy client, 503 when the process as a whole is full. */
type FreeRefusalCode = "too_many_streams" | "streams_full" | "rate_limited";

/** What each refusal tells the client, wherever it is answered (the socket edge or the route). */
const FREE_REFUSAL_DETAIL: Record<FreeRefusalCode, string> = {
  rate_limited: "Too many requests from this address; poll more slowly or use the event stream.",
  too_many_streams:
    "This address holds the most event streams allowed at once; close one, or poll GET /jobs/{id}.",
  streams_full: "The service holds as many event streams as it can; poll GET /jobs/{id} meanwhile.",
};

export type FreeRefusal = { ok: false; refusal: Refusal };

const refuse = (code: FreeRefusalCode, retryAfter: number): FreeRefusal => ({
  ok: false,
  refusal: refusal(code, FREE_REFUSAL_DETAIL[code], { retryAfter }),
});

export type StreamSlot = { ok: true; release: () => void } | FreeRefusal;

type Bucket = { tokens: number; at: number };

// Buckets that have refilled are forgotten on a sweep; this many trigger one at once.
const SWEEP_AT = 50_000;

/**
 * The free endpoints' guard, decided in this process's memory with no I/O: a greedy client is
 * refused before its request reaches the database, so refusing it costs less than serving it.
 * Per process on purpose: an open stream holds this process's memory and sockets, whatever the
 * other instances do. Keys are the hashed client addresses the other limits use. The composition
 * root keeps one for the routes; the socket edge (lib/http/api/free-read-gate.ts) keeps its own.
 */
export class FreeEndpointGuard {
  private readonly open = new Map<string, number>();
  private total = 0;
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: FreeEndpointLimits) {}

  /** One free read from `client`: a token bucket holding a minute's allowance, refilled evenly. */
  read(client: string, now = Date.now()): { ok: true } | FreeRefusal {
    const { readsPerMinute } = this.limits;
    const perMs = readsPerMinute / 60_000;
    const bucket = this.buckets.get(client);
    const tokens = bucket
      ? Math.min(readsPerMinute, bucket.tokens + (now - bucket.at) * perMs)
      : readsPerMinute;
    if (tokens < 1) {
      this.buckets.set(client, { tokens, at: now });
      return refuse("rate_limited", Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)));
    }
    if (this.buckets.size >= SWEEP_AT) this.sweep(now);
    this.buckets.set(client, { tokens: tokens - 1, at: now });
    return { ok: true };
  }

  /** A place for one more event stream of `client`; `release` gives it back (once, however often called). */
  openStream(client: string): StreamSlot {
    const held = this.open.get(client) ?? 0;
    if (held >= this.limits.streamsPerClient) return refuse("too_many_streams", 5);
    if (this.total >= this.limits.streamsTotal) return refuse("streams_full", 10);
    this.open.set(client, held + 1);
    this.total++;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.open.get(client) ?? 1) - 1;
        if (left > 0) this.open.set(client, left);
        else this.open.delete(client);
      },
    };
  }

  /** Streams open now: for this client, and in all. */
  openStreams(client?: string): number {
    return client === undefined ? this.total : (this.open.get(client) ?? 0);
  }

  private sweep(now: number): void {
    const fullAfterMs = 60_000;
    for (const [key, bucket] of this.buckets)
      if (now - bucket.at >= fullAfterMs) this.buckets.delete(key);
  }
}
