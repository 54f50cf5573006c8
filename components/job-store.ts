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
  /** The paid request exactly as sent, for "copy as curl / TypeScript". */
  request?: SentRequest;
};

export type SentRequest = { path: string; headers: Record<string, string>; body: unknown };

const KEY = "reel402.jobs";

export function useStoredJobs() {
  const [jobs, setJobs] = useState<StoredJob[]>([]);
  useEffect(() => {
    try {
      setJobs(JSON.parse(localStorage.getItem(KEY) ?? "[]") as StoredJob[]);
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
