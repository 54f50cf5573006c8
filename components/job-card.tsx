"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
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
  onRemove,
}: {
  job: StoredJob;
  explorerTxUrl: string | null;
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
          <strong>{job.sku}</strong> · {job.priceUsd} USDC
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
      {status === "generating" && <progress aria-label="Generating" />}
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
    </article>
  );
}
