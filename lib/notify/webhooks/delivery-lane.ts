import { type Db, describeError } from "@/lib/platform";
import {
  ATTEMPT_TIMEOUT_MS,
  attempt,
  LEASE_MS,
  type WebhookDriverConfig,
} from "@/lib/notify/webhooks/deliver-due";
import { claimDueDeliveries } from "@/lib/notify/webhooks/repository";

export type LaneOptions = {
  /** Deliveries in flight at once in this process; a hanging receiver holds one place at most. */
  concurrency: number;
  /** An attempt's whole time (address check, send, record); its place is free again after it. */
  hardTimeoutMs: number;
};

// The send itself gives up at ATTEMPT_TIMEOUT_MS; this also bounds the name lookup and the record.
export const DEFAULT_LANE: LaneOptions = {
  concurrency: 8,
  hardTimeoutMs: ATTEMPT_TIMEOUT_MS + 5_000,
};

/**
 * Webhook deliveries in a lane of their own: `kick` claims what is due into free places and
 * returns at once, so the upkeep that calls it (refunds, settlement, reconciliation) never waits
 * for a third party's server. An attempt cut off by the hard timeout keeps its claim until the
 * lease runs out (LEASE_MS) and is then retried like any failed one. One per process, made by
 * the composition root.
 */
export class DeliveryLane {
  private inFlight = 0;
  private claiming = false;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly config: WebhookDriverConfig,
    private readonly options: LaneOptions = DEFAULT_LANE,
  ) {}

  /** Starts what is due, without waiting; returns how many deliveries are in flight. */
  kick(): number {
    if (this.claiming) this.again = true;
    else void this.fill();
    return this.inFlight;
  }

  get busy(): number {
    return this.inFlight;
  }

  private async fill(): Promise<void> {
    this.claiming = true;
    try {
      do {
        this.again = false;
        const room = this.options.concurrency - this.inFlight;
        if (room <= 0) return;
        const due = await claimDueDeliveries(this.db, new Date(), LEASE_MS, room);
        for (const d of due) {
          this.inFlight++;
          void bounded(attempt(this.db, d, this.config), this.options.hardTimeoutMs)
            .catch((error: unknown) =>
              console.error(`[reel402] webhook delivery ${d.id}: ${describeError(error)}`),
            )
            .finally(() => {
              this.inFlight--;
              this.kick();
            });
        }
        if (due.length === room) this.again = true;
      } while (this.again);
    } catch (error) {
      console.error(`[reel402] webhook deliveries not claimed: ${describeError(error)}`);
    } finally {
      this.claiming = false;
    }
  }
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`attempt cut off after ${ms} ms`)), ms);
    timer.unref?.();
  });
  return Promise.race([work, cut]).finally(() => clearTimeout(timer));
}
