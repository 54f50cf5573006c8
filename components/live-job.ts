"use client";

import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { JobProgressInfo } from "@/components/job-progress";

export type Job = {
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
  refund?: { status: string; amount: string; transaction: string | null } | null;
  payment?: { amount: string; network: string; transaction: string | null };
  sku?: string;
  /** What the job was paid for, as the server recorded it. */
  request?: {
    model: string;
    prompt: string;
    duration_seconds: number;
    resolution: string;
    ratio: string;
    generate_audio: boolean;
    camera_fixed: boolean | null;
    seed: number | null;
    images: number;
  };
  /** Client-side: when this page received `progress` (its ETA counts down from then). */
  progress_at?: number;
};

export const TERMINAL = new Set(["succeeded", "failed", "cancelled"]);

const jobKey = (id: string) => ["job", id] as const;

async function fetchJob(id: string): Promise<Job> {
  const res = await fetch(`/jobs/${id}`);
  if (!res.ok) throw new Error(`status ${res.status}`);
  return { ...((await res.json()) as Job), progress_at: Date.now() };
}

/** A refund is worth watching until the chain has confirmed it. */
const refundPending = (job: Job) => Boolean(job.refund && job.refund.status !== "confirmed");

/** Folds one event of GET /jobs/{id}/events into the cached job. */
function applyEvent(client: QueryClient, id: string, type: string, data: Record<string, unknown>) {
  client.setQueryData<Job>(jobKey(id), (prev) => {
    if (!prev) return prev;
    if (type === "progress")
      return {
        ...prev,
        status: String(data.status),
        progress: data.progress as JobProgressInfo,
        progress_at: Date.now(),
      };
    if (type === "status")
      return { ...prev, status: String(data.status), updated_at: String(data.at) };
    if (type === "attempt")
      return { ...prev, attempts: Math.max(prev.attempts, Number(data.attempt) || 0) };
    return prev;
  });
}

/**
 * One job as the studio shows it: read once, then kept current by the job's event stream
 * (GET /jobs/{id}/events). While the stream is down (it dropped, or the server has none) the job
 * is polled instead, backing off from 1 s to 10 s; the browser's own reconnect resumes the stream
 * from the last event id and polling stops again. A finished job is read once more through
 * GET /jobs/{id}, which adds the poster, and a refund is followed until confirmed.
 */
export function useLiveJob(id: string) {
  const client = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  const query = useQuery({
    queryKey: jobKey(id),
    queryFn: () => fetchJob(id),
    refetchInterval: (q) => {
      const job = q.state.data;
      if (job && TERMINAL.has(job.status)) return refundPending(job) ? 3000 : false;
      // The stream brings every change; a slow read now and then revises the estimate too.
      if (streaming) return 30_000;
      return Math.min(10_000, 1000 * 1.3 ** q.state.dataUpdateCount);
    },
  });
  const finished = query.data ? TERMINAL.has(query.data.status) : false;
  const loaded = query.data !== undefined;

  useEffect(() => {
    if (finished || !loaded || typeof EventSource === "undefined") return;
    const source = new EventSource(`/jobs/${id}/events`);
    const on = (type: string) =>
      source.addEventListener(type, (e) => {
        applyEvent(client, id, type, JSON.parse((e as MessageEvent<string>).data));
      });
    on("status");
    on("progress");
    on("attempt");
    source.addEventListener("job", (e) => {
      source.close();
      setStreaming(false);
      const final = JSON.parse((e as MessageEvent<string>).data) as Job;
      // GET /jobs/{id} adds the poster; the event's own copy stands in if that read fails.
      fetchJob(id).then(
        (job) => client.setQueryData(jobKey(id), job),
        () => client.setQueryData<Job>(jobKey(id), (prev) => ({ ...prev, ...final })),
      );
    });
    source.onopen = () => setStreaming(true);
    // Dropped: poll until the browser's reconnect succeeds (or forever, once it gives up).
    source.onerror = () => setStreaming(false);
    return () => {
      source.close();
      setStreaming(false);
    };
  }, [id, finished, loaded, client]);

  return {
    job: query.data,
    streaming,
    /** The job as another call answered it (the cancel), until the next event or read. */
    replace: (job: Job) => client.setQueryData(jobKey(id), job),
  };
}
