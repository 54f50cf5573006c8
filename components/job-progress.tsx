"use client";

/** The `progress` object of GET /jobs/{id}; jobs from servers without it render without it. */
export type JobProgressInfo = {
  phase:
    | "settling"
    | "waiting_for_wallet_slot"
    | "queued"
    | "submitted"
    | "generating"
    | "storing"
    | "done";
  queue_position: number | null;
  eta_seconds: number | null;
  history: {
    provider: string;
    started_at: string;
    finished_at: string | null;
    outcome: string | null;
    error_code: string | null;
  }[];
};

const PHASES: Record<JobProgressInfo["phase"], string> = {
  settling: "Settling the payment",
  waiting_for_wallet_slot: "Waiting for another of this wallet's clips to finish",
  queued: "Waiting in the queue",
  submitted: "Submitted to the model",
  generating: "Generating",
  storing: "Storing the video",
  done: "Done",
};

/** 75 → "about 1 min 15 s"; 20 → "about 20 s". */
export function humanSeconds(total: number): string {
  const s = Math.max(0, Math.round(total));
  const m = Math.floor(s / 60);
  if (m === 0) return `${s} s`;
  return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/**
 * The service's estimate, counted down here from when it arrived and revised by every new figure
 * the service sends; once the time is up the card says the job is over its estimate, plainly.
 */
export function etaText(
  progress: JobProgressInfo,
  receivedAt: number,
  now: number,
): { text: string; overdue: boolean } | null {
  if (typeof progress.eta_seconds !== "number" || progress.phase === "done") return null;
  const left = progress.eta_seconds - Math.max(0, (now - receivedAt) / 1000);
  if (left >= 1) return { text: `ready in about ${humanSeconds(left)}`, overdue: false };
  const over = Math.round(-left);
  return {
    text:
      over < 5
        ? "taking a little longer than estimated"
        : `${humanSeconds(over)} over its estimate, still working`,
    overdue: true,
  };
}

export function JobProgress({
  progress,
  receivedAt,
  now,
}: {
  progress: JobProgressInfo | undefined;
  /** When the page got this progress (ms since the epoch): the estimate counts from then. */
  receivedAt: number;
  now: number;
}) {
  if (!progress || typeof progress !== "object") return null;
  const facts: string[] = [PHASES[progress.phase] ?? progress.phase];
  if (typeof progress.queue_position === "number")
    facts.push(
      progress.queue_position <= 1
        ? "next in the queue"
        : `${ordinal(progress.queue_position)} in the queue`,
    );
  const eta = etaText(progress, receivedAt, now);
  if (eta) facts.push(eta.text);
  const history = Array.isArray(progress.history) ? progress.history : [];
  return (
    <div
      className="small"
      data-testid="job-progress"
      data-overdue={eta?.overdue ? "true" : "false"}
    >
      <p className="job-facts">{facts.join(" · ")}</p>
      {eta?.overdue && (
        <p className="muted" data-testid="job-overdue">
          Past the estimate from recent clips. It keeps going: a stuck render is retried on another
          provider automatically, and a clip that fails is refunded.
        </p>
      )}
      {history.length > 1 && (
        <details>
          <summary>Attempts ({history.length})</summary>
          <ol>
            {history.map((h) => (
              <li key={`${h.provider}-${h.started_at}`}>
                {h.provider}: {h.outcome ?? "running"}
                {h.error_code ? ` (${h.error_code})` : ""}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
