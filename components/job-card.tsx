"use client";

import { useEffect, useState } from "react";
import { CancelJobButton } from "@/components/cancel-job";
import { CopyRequest } from "@/components/copy-request";
import { humanSeconds, JobProgress } from "@/components/job-progress";
import type { StoredJob } from "@/components/job-store";
import { type Job, TERMINAL, useLiveJob } from "@/components/live-job";

const STEPS = ["pending_settlement", "queued", "generating", "succeeded"] as const;
const LABELS: Record<string, string> = {
  pending_settlement: "Settling",
  queued: "Queued",
  generating: "Generating",
  succeeded: "Ready",
  failed: "Failed",
  cancelled: "Cancelled",
};

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

export function JobCard({
  job,
  explorerTxUrl,
  network,
  onRemove,
}: {
  job: StoredJob;
  explorerTxUrl: string | null;
  network: string;
  onRemove: () => void;
}) {
  const live = useLiveJob(job.id);
  const data = live.job;
  const status = data?.status ?? "pending_settlement";
  const finished = TERMINAL.has(status);
  const now = useNow(!finished);
  const elapsed = Math.max(
    0,
    Math.round(
      ((finished && data ? Date.parse(data.updated_at) : now) - Date.parse(job.createdAt)) / 1000,
    ),
  );
  const current = STEPS.indexOf(status as (typeof STEPS)[number]);

  return (
    <article
      className="job"
      aria-live="polite"
      data-status={status}
      data-live={live.streaming ? "stream" : "poll"}
      data-testid="job-card"
    >
      <header className="job-head">
        <div>
          <strong data-testid="job-title">{job.title ?? job.sku}</strong>
          <p className="muted small job-facts" data-testid="job-facts">
            {[
              job.durationSeconds ? `${humanSeconds(job.durationSeconds)} clip` : null,
              job.resolution,
              `${job.priceUsd} USDC`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {job.prompt && <p className="muted job-prompt">{job.prompt}</p>}
        </div>
        <button
          type="button"
          className="link"
          onClick={onRemove}
          aria-label="Remove this job from the list"
        >
          ×
        </button>
      </header>
      <ol className="timeline">
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={
              status === "failed" || status === "cancelled"
                ? i <= Math.max(current, 0)
                  ? "done"
                  : ""
                : i < current
                  ? "done"
                  : i === current
                    ? "now"
                    : ""
            }
          >
            {LABELS[s]}
          </li>
        ))}
        {(status === "failed" || status === "cancelled") && (
          <li className="bad">{LABELS[status]}</li>
        )}
      </ol>
      <p className="muted">
        <span data-testid="job-status">{LABELS[status] ?? status}</span> · {elapsed}s elapsed
        {data ? ` · attempt ${Math.max(1, data.attempts)}` : ""}
      </p>
      <JobProgress progress={data?.progress} />
      {status === "generating" && <progress aria-label="Generating" />}
      <CancelJobButton
        jobId={job.id}
        payer={job.payer}
        open={status === "queued"}
        onCancelled={(cancelled) => live.replace(cancelled as Job)}
      />
      <Refund refund={data?.refund} />
      {job.transaction && (
        <p className="muted small">
          Settlement:{" "}
          {explorerTxUrl ? (
            <a href={`${explorerTxUrl}${job.transaction}`} target="_blank" rel="noreferrer">
              {job.transaction.slice(0, 10)}…
            </a>
          ) : (
            <code>{job.transaction.slice(0, 18)}…</code>
          )}
        </p>
      )}
      {data?.error && <p className="error">{data.error.message}</p>}
      {status === "succeeded" && data?.video_url && (
        <div className="player">
          {/* biome-ignore lint/a11y/useMediaCaption: generated clips carry no dialogue to caption */}
          <video
            src={data.video_url}
            poster={data.poster_url ?? undefined}
            controls
            playsInline
            preload="metadata"
            data-testid="job-video"
          />
          <div className="row">
            <a className="button" href={`${data.video_url}&download=1`} download>
              Download MP4
            </a>
            {data.video_expires_at && (
              <span className="muted small">
                Link expires {new Date(data.video_expires_at).toLocaleString()}
              </span>
            )}
          </div>
        </div>
      )}
      {job.request && <CopyRequest sent={job.request} network={network} />}
    </article>
  );
}

const REFUND_STATES: Record<string, string> = {
  pending: "being sent back",
  sent: "sent back, awaiting confirmation",
  confirmed: "refunded",
  manual: "to be refunded by the operator",
};

function Refund({ refund }: { refund: Job["refund"] }) {
  if (!refund) return null;
  return (
    <p className="small" data-testid="job-refund" data-refund={refund.status}>
      {refund.amount} USDC {REFUND_STATES[refund.status] ?? refund.status}
      {refund.transaction ? ` · ${refund.transaction.slice(0, 10)}…` : ""}
    </p>
  );
}
