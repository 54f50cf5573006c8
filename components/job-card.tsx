"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CancelJobButton } from "@/components/cancel-job";
import { CopyRequest } from "@/components/copy-request";
import { humanSeconds, type JobProgressInfo, JobProgress } from "@/components/job-progress";
import type { StoredJob } from "@/components/job-store";

type Job = {
  job_id: string;
  status: string;
  attempts: number;
  created_at: string;
  updated_at: string;
  video_url: string | null;
  video_expires_at: string | null;
  error: { code: string; message: string } | null;
  /** Not in the spec's job object: the studio's extras, absent on servers without them. */
  poster_url?: string | null;
  progress?: JobProgressInfo;
};

const STEPS = ["pending_settlement", "queued", "generating", "succeeded"] as const;
const LABELS: Record<string, string> = {
  pending_settlement: "Settling",
  queued: "Queued",
  generating: "Generating",
  succeeded: "Ready",
  failed: "Failed",
  cancelled: "Cancelled",
};
const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);

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
  const query = useQuery({
    queryKey: ["job", job.id],
    queryFn: async (): Promise<Job> => {
      const res = await fetch(`/jobs/${job.id}`);
      if (!res.ok) throw new Error(`status ${res.status}`);
      return res.json() as Promise<Job>;
    },
    // Poll until finished, backing off from 1 s to 10 s.
    refetchInterval: (q) =>
      q.state.data && TERMINAL.has(q.state.data.status)
        ? false
        : Math.min(10_000, 1000 * 1.3 ** q.state.dataUpdateCount),
  });
  const data = query.data;
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
    <article className="job" aria-live="polite" data-status={status} data-testid="job-card">
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
          <p className="muted job-prompt">{job.prompt}</p>
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
      {status === "queued" && (
        <CancelJobButton
          jobId={job.id}
          payer={job.payer}
          onCancelled={() => void query.refetch()}
        />
      )}
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
