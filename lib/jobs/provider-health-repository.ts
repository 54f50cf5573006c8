import { sql } from "drizzle-orm";
import type { Db } from "@/lib/platform";
import { providerHealth } from "@/lib/jobs/schema";

export type ProviderHealthRow = typeof providerHealth.$inferSelect;

/** How long a provider that refused our account or model is tried only as a last resort. */
export const PROVIDER_DOWN_MS = 5 * 60_000;
/** A 429 without `Retry-After`: how long nothing more is submitted to that provider. */
export const DEFAULT_BUSY_MS = 30_000;

export async function providerHealthRows(db: Db): Promise<ProviderHealthRow[]> {
  return db.select().from(providerHealth);
}

/** The provider refused our account or model: others go first until it has had time to recover. */
export async function markProviderDown(
  db: Db,
  provider: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  const downUntil = new Date(now.getTime() + PROVIDER_DOWN_MS);
  await db
    .insert(providerHealth)
    .values({ provider, downUntil, downReason: reason, updatedAt: now })
    .onConflictDoUpdate({
      target: providerHealth.provider,
      set: { downUntil, downReason: reason, updatedAt: now },
    });
}

/** The provider took a task: whatever kept it down is fixed. */
export async function markProviderUp(db: Db, provider: string): Promise<void> {
  await db
    .update(providerHealth)
    .set({ downUntil: null, downReason: null, updatedAt: sql`now()` })
    .where(
      sql`${providerHealth.provider} = ${provider} and ${providerHealth.downUntil} is not null`,
    );
}

/** The provider asked us to wait: nothing is submitted to it before `until` (the later one wins). */
export async function markProviderBusy(db: Db, provider: string, until: Date): Promise<void> {
  await db
    .insert(providerHealth)
    .values({ provider, busyUntil: until })
    .onConflictDoUpdate({
      target: providerHealth.provider,
      set: {
        busyUntil: sql`greatest(${providerHealth.busyUntil}, excluded.busy_until)`,
        updatedAt: sql`now()`,
      },
    });
}
