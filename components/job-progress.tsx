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

export function JobProgress({ progress }: { progress: JobProgressInfo | undefined }) {
  if (!progress || typeof progress !== "object") return null;
  const facts: string[] = [PHASES[progress.phase] ?? progress.phase];
  if (typeof progress.queue_position === "number")
    facts.push(
      progress.queue_position <= 1
        ? "next in the queue"
        : `${ordinal(progress.queue_position)} in the queue`,
    );
  if (typeof progress.eta_seconds === "number" && progress.phase !== "done")
    facts.push(`ready in about ${humanSeconds(progress.eta_seconds)}`);
  const history = Array.isArray(progress.history) ? progress.history : [];
  return (
    <div className="small" data-testid="job-progress">
      <p className="job-facts">{facts.join(" · ")}</p>
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
