import type { AttemptRow } from "@/lib/jobs/attempt-repository";
import type { ProviderHealthRow } from "@/lib/jobs/provider-health-repository";
import type { VideoProvider } from "@/lib/jobs/providers/types";

export type ProviderChoice =
  | { kind: "submit"; provider: VideoProvider }
  /** Every provider left asked us to wait (429): ask again then, without using an attempt. */
  | { kind: "wait"; until: Date }
  /** Nothing more can help: the job fails with the last attempt's error. */
  | { kind: "give-up" };

/**
 * Whether an ended attempt used up one of the job's tries. A provider that refused our account,
 * or this job's input by its own rules, or that was too busy to take the task, rendered nothing:
 * the job fails over without losing a try.
 */
export function usedATry(attempt: AttemptRow): boolean {
  const error = attempt.error;
  if (attempt.status !== "failed" || !error) return true;
  if (error.fault) return false;
  return !(error.code === "upstream_busy" && !attempt.taskId);
}

/**
 * Which provider takes the job's next attempt. In failover order, starting after the provider of
 * the last attempt; never one that already refused this job (its account or its input); one that
 * asked us to wait only once its `Retry-After` passed; one marked down only when no other is left
 * (it may be back, and the job fails only once every provider refused it).
 */
export function chooseProvider(
  providers: readonly VideoProvider[],
  history: readonly AttemptRow[],
  health: readonly ProviderHealthRow[],
  maxAttempts: number,
  now = new Date(),
): ProviderChoice {
  const last = history.at(-1);
  if (last?.error && !last.error.retryable) return { kind: "give-up" };
  const tries = history.filter(usedATry).length;
  // Refusals use no try, so a hard ceiling keeps a flapping upstream from looping a job forever.
  if (tries >= maxAttempts || history.length >= maxAttempts + 2 * providers.length)
    return { kind: "give-up" };
  const refused = new Set(history.filter((a) => a.error?.fault).map((a) => a.provider));
  const start = last ? providers.findIndex((p) => p.name === last.provider) + 1 : 0;
  const ordered = providers
    .map((_, i) => providers[(start + i) % providers.length] as VideoProvider)
    .filter((p) => !refused.has(p.name));
  if (ordered.length === 0) return { kind: "give-up" };
  const of = (p: VideoProvider) => health.find((h) => h.provider === p.name);
  const busyUntil = (p: VideoProvider) => {
    const until = of(p)?.busyUntil;
    return until && until > now ? until : null;
  };
  const free = ordered.filter((p) => !busyUntil(p));
  if (free.length === 0) {
    const until = Math.min(...ordered.map((p) => (busyUntil(p) as Date).getTime()));
    return { kind: "wait", until: new Date(until) };
  }
  const up = free.find((p) => {
    const down = of(p)?.downUntil;
    return !down || down <= now;
  });
  return { kind: "submit", provider: up ?? (free[0] as VideoProvider) };
}
