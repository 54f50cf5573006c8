"use client";

import { useEffect, useRef, useState } from "react";
import { formatUnits } from "viem";
import { CancelJobButton } from "@/components/cancel-job";
import { CopyRequest } from "@/components/copy-request";
import { humanSeconds, JobProgress } from "@/components/job-progress";
import type { StoredJob } from "@/components/job-store";
import { type Job, TERMINAL, useLiveJob } from "@/components/live-job";
import { findAnyProductBySku } from "@/lib/catalog/browser";

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

/** What the card says the clip is: the server's record once read, the page's own until then. */
function facts(job: StoredJob, data: Job | undefined) {
  const recorded = data?.request;
  const product = findAnyProductBySku(data?.sku ?? job.sku);
  const price = data?.payment ? formatUnits(BigInt(data.payment.amount), 6) : job.priceUsd;
  const prompt = recorded
    ? recorded.images > 0
      ? `Animated ${recorded.images === 2 ? "a first and last frame" : "an image"}${recorded.prompt ? `: ${recorded.prompt}` : ""}`
      : recorded.prompt
    : job.prompt;
  return {
    title: product?.title ?? job.title ?? job.sku,
    prompt: job.prompt && recorded && recorded.images > 0 ? job.prompt : prompt,
    line: [
      recorded
        ? `${humanSeconds(recorded.duration_seconds)} clip`
        : job.durationSeconds
          ? `${humanSeconds(job.durationSeconds)} clip`
          : null,
      recorded?.resolution ?? job.resolution,
      recorded && recorded.ratio !== "adaptive" ? recorded.ratio : null,
      recorded?.generate_audio ? "audio" : null,
      `${price} USDC`,
    ]
      .filter(Boolean)
      .join(" · "),
    price,
  };
}

/** The recipe of a text clip, rebuilt from the server's record when this browser did not pay it. */
function recipeOf(job: StoredJob, data: Job | undefined) {
  if (job.request) return job.request;
  const recorded = data?.request;
  const product = findAnyProductBySku(data?.sku ?? job.sku);
  if (!recorded || !product || product.mode === "image") return null;
  if (product.mode === "fixed")
    return { path: product.path, body: { prompt: recorded.prompt, ratio: recorded.ratio } };
  return {
    path: product.path,
    body: {
      prompt: recorded.prompt,
      duration: recorded.duration_seconds,
      resolution: recorded.resolution,
      ratio: recorded.ratio,
      generate_audio: recorded.generate_audio,
      ...(recorded.camera_fixed !== null ? { camera_fixed: recorded.camera_fixed } : {}),
      ...(recorded.seed !== null ? { seed: recorded.seed } : {}),
    },
  };
}

export function JobCard({
  job,
  explorerTxUrl,
  network,
  onRemove,
  fresh = false,
}: {
  job: StoredJob;
  explorerTxUrl: string | null;
  network: string;
  onRemove: () => void;
  /** Just paid on this page: the card is brought into view (on a phone it is below the form). */
  fresh?: boolean;
}) {
  const live = useLiveJob(job.id);
  const data = live.job;
  const status = data?.status ?? "pending_settlement";
  const finished = TERMINAL.has(status);
  const now = useNow(!finished);
  const self = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!fresh) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    self.current?.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  }, [fresh]);
  const created = Date.parse(data?.created_at ?? job.createdAt);
  const elapsed = Math.max(
    0,
    Math.round(((finished && data ? Date.parse(data.updated_at) : now) - created) / 1000),
  );
  const current = STEPS.indexOf(status as (typeof STEPS)[number]);
  const shown = facts(job, data);
  const recipe = recipeOf(job, data);
  const expired =
    status === "succeeded" &&
    !data?.video_url &&
    Boolean(data?.video_expires_at && Date.parse(data.video_expires_at) <= now);
  const started = data && data.attempts > 0 && status !== "queued";

  return (
    <article
      ref={self}
      className="job"
      aria-live="polite"
      data-status={status}
      data-live={live.streaming ? "stream" : "poll"}
      data-testid="job-card"
    >
      <header className="job-head">
        <div>
          <strong data-testid="job-title">{shown.title}</strong>{" "}
          <span className={`badge badge-${status}`} data-testid="job-badge">
            {expired ? "Expired" : (LABELS[status] ?? status)}
          </span>
          <p className="muted small job-facts" data-testid="job-facts">
            {shown.line}
          </p>
          {shown.prompt && (
            <p className="job-prompt" data-testid="job-prompt">
              {shown.prompt}
            </p>
          )}
          <p className="muted small">
            <time dateTime={new Date(created).toISOString()} data-testid="job-date">
              {new Date(created).toLocaleString(undefined, {
                dateStyle: "medium",
                timeStyle: "short",
              })}
            </time>
          </p>
        </div>
        <button
          type="button"
          className="link remove"
          onClick={onRemove}
          aria-label="Remove this clip from the list"
          title="Remove from this list (the clip itself stays)"
        >
          ×
        </button>
      </header>
      {!finished && (
        <ol className="timeline">
          {STEPS.map((s, i) => (
            <li key={s} className={i < current ? "done" : i === current ? "now" : ""}>
              {LABELS[s]}
            </li>
          ))}
        </ol>
      )}
      <p className="muted small">
        <span data-testid="job-status">{LABELS[status] ?? status}</span> ·{" "}
        {finished ? `took ${humanSeconds(elapsed)}` : `${humanSeconds(elapsed)} elapsed`}
        {started && !finished ? ` · attempt ${data.attempts}` : ""}
      </p>
      {!finished && (
        <JobProgress progress={data?.progress} receivedAt={data?.progress_at ?? now} now={now} />
      )}
      {status === "generating" && <progress aria-label="Generating" />}
      <CancelJobButton
        jobId={job.id}
        payer={job.payer}
        open={status === "queued"}
        onCancelled={(cancelled) => live.replace(cancelled as Job)}
      />
      <Refund refund={data?.refund} />
      {data?.error && status === "failed" && <p className="error">{data.error.message}</p>}
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
      {expired && data?.video_expires_at && (
        <p className="muted small" data-testid="job-expired">
          This clip's download expired on {new Date(data.video_expires_at).toLocaleString()}: videos
          are kept about 24 hours. Make it again below.
        </p>
      )}
      {(job.transaction ?? data?.payment?.transaction) && (
        <p className="muted small">
          Settlement:{" "}
          <Transaction
            hash={(job.transaction ?? data?.payment?.transaction) as string}
            explorerTxUrl={explorerTxUrl}
          />
        </p>
      )}
      {recipe && <CopyRequest recipe={recipe} network={network} priceUsd={shown.price} />}
    </article>
  );
}

function Transaction({ hash, explorerTxUrl }: { hash: string; explorerTxUrl: string | null }) {
  return explorerTxUrl ? (
    <a href={`${explorerTxUrl}${hash}`} target="_blank" rel="noreferrer">
      {hash.slice(0, 10)}…
    </a>
  ) : (
    <code>{hash.slice(0, 18)}…</code>
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
