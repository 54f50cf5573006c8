import type { z } from "zod";
import type { Db } from "@/lib/platform";
import type { providerReliabilitySchema } from "@/lib/jobs/live-schemas";
import { providerHealth, providerWindows } from "@/lib/jobs/schema";

type WindowRow = typeof providerWindows.$inferSelect;

export type ProviderReliability = z.infer<typeof providerReliabilitySchema>;

const seconds = (ms: number[]) => {
  const m = median(ms);
  return m === null ? null : Math.round(m / 100) / 10;
};

/** The median to one decimal, or null for no values. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const m =
    sorted.length % 2
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  return Math.round(m * 10) / 10;
}

/** Median seconds of the recent succeeded attempts in a SKU's windows (on one provider, or on any). */
export function medianSecondsOf(rows: WindowRow[], provider: string | null): number | null {
  return seconds(
    rows.filter((r) => provider === null || r.provider === provider).flatMap((r) => r.durationsMs),
  );
}

/**
 * Per provider over the recent window, with whether it is down now; reads the rollup (providers ×
 * SKUs rows) and the health rows, never attempts.
 */
export async function providerReliability(
  db: Db,
  now = new Date(),
): Promise<ProviderReliability[]> {
  const byProvider = new Map<string, WindowRow[]>();
  for (const row of await db.select().from(providerWindows))
    byProvider.set(row.provider, [...(byProvider.get(row.provider) ?? []), row]);
  const health = await db.select().from(providerHealth);
  for (const h of health) if (!byProvider.has(h.provider)) byProvider.set(h.provider, []);
  return [...byProvider.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([provider, rows]) => {
      const h = health.find((x) => x.provider === provider);
      const down = h?.downUntil && h.downUntil > now ? h : null;
      const outcomes = rows.map((r) => r.outcomes).join("");
      const succeeded = outcomes.replace(/[fF]/g, "").length;
      return {
        provider,
        attempts: outcomes.length,
        success_rate:
          outcomes.length === 0
            ? null
            : Math.round((succeeded / outcomes.length) * 10_000) / 10_000,
        failovers: outcomes.replace(/[sf]/g, "").length,
        p50_seconds: seconds(rows.flatMap((r) => r.durationsMs)),
        state: down ? "down" : "up",
        down_until: down?.downUntil?.toISOString() ?? null,
        down_reason: down?.downReason ?? null,
      };
    });
}
