"use client";

import { useCallback, useEffect, useState } from "react";

/** The person's jobs, kept in localStorage so a reload finds them again. */
export type StoredJob = {
  id: string;
  sku: string;
  priceUsd: string;
  transaction: string | null;
  createdAt: string;
  prompt: string;
  /** The fields below were added later; jobs stored before them lack them. */
  title?: string;
  durationSeconds?: number;
  resolution?: string;
  /** The wallet that paid: only it may cancel the job. */
  payer?: string;
  /** The paid request's endpoint and body, for "Request as code"; never its spent payment. */
  request?: SentRequest;
};

export type SentRequest = { path: string; body: Record<string, unknown> };

/** Jobs stored by older studios kept the paid request's headers, its spent signature among them. */
function withoutHeaders(job: StoredJob): StoredJob {
  if (!job.request) return job;
  return { ...job, request: { path: job.request.path, body: job.request.body } };
}

const KEY = "reel402.jobs";

export function useStoredJobs() {
  const [jobs, setJobs] = useState<StoredJob[]>([]);
  useEffect(() => {
    try {
      const kept = (JSON.parse(localStorage.getItem(KEY) ?? "[]") as StoredJob[]).map(
        withoutHeaders,
      );
      localStorage.setItem(KEY, JSON.stringify(kept));
      setJobs(kept);
    } catch {
      setJobs([]);
    }
  }, []);
  const add = useCallback((job: StoredJob) => {
    setJobs((prev) => {
      const next = [job, ...prev.filter((j) => j.id !== job.id)].slice(0, 50);
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const remove = useCallback((id: string) => {
    setJobs((prev) => {
      const next = prev.filter((j) => j.id !== id);
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  /** Jobs found elsewhere (the wallet's history): new ones join, known ones keep their details. */
  const merge = useCallback((found: StoredJob[]) => {
    setJobs((prev) => {
      const known = new Set(prev.map((j) => j.id));
      const next = [...prev, ...found.filter((j) => !known.has(j.id))]
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        .slice(0, 50);
      localStorage.setItem(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return { jobs, add, remove, merge };
}
