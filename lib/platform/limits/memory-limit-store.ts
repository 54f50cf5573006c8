import { type Hit, type LimitStore, toHit } from "@/lib/platform/limits/limit-store";

/** What a memory store holds, as the rows the database tables keep (see pglite-limit-store.ts). */
export type MemoryLimits = {
  /** Per key, the counted request times (epoch ms) and whether the latest request was counted. */
  hits: Map<string, { hits: number[]; allowed: boolean; until: number }>;
  /** Per client, its content-policy rejections (epoch ms). */
  rejections: Map<string, { at: number[]; until: number }>;
  /** Per key, the end of its block (epoch ms). */
  blocks: Map<string, number>;
};

/** The keys changed since the last `takeChanges`, per map. */
export type LimitChanges = { hits: Set<string>; rejections: Set<string>; blocks: Set<string> };

export type MemoryLimitStore = LimitStore & {
  state: MemoryLimits;
  /** The keys changed since the previous call; a caller that fails to save them hands them back with `restoreChanges`. */
  takeChanges: () => LimitChanges;
  restoreChanges: (changes: LimitChanges) => void;
  /** Forgets entries whose windows and blocks have all ended (they are recorded as changed, to be removed). */
  sweep: (now: Date) => void;
};

const emptyChanges = (): LimitChanges => ({
  hits: new Set(),
  rejections: new Set(),
  blocks: new Set(),
});

/**
 * The limits held in this process's memory, for a database only this process opens (PGlite: one
 * server process owns its data folder), where they are exact: every hit is decided synchronously,
 * so no two requests can both take the last place. The same semantics as the Postgres store, edge
 * for edge; a caller persists the changes (pglite-limit-store.ts).
 */
export function createMemoryLimitStore(
  state: MemoryLimits = { hits: new Map(), rejections: new Map(), blocks: new Map() },
): MemoryLimitStore {
  let changes = emptyChanges();
  const blockedUntil = (key: string, at: number) => {
    const until = state.blocks.get(key);
    return until !== undefined && until > at ? until : null;
  };
  const hit = (key: string, limit: number, windowMs: number, now: Date): Hit => {
    const at = now.getTime();
    const live = (state.hits.get(key)?.hits ?? []).filter((h) => h > at - windowMs);
    const allowed = live.length < limit;
    if (allowed) live.push(at);
    const until = Math.max(at, ...live) + windowMs;
    state.hits.set(key, { hits: live, allowed, until });
    changes.hits.add(key);
    return toHit(allowed, live.length, live.length ? Math.min(...live) : null, windowMs, now);
  };
  return {
    state,
    async hit(key, limit, windowMs, now) {
      return hit(key, limit, windowMs, now);
    },
    async guard(key, limit, windowMs, now, blockKeys) {
      const until = blockKeys
        .map((k) => blockedUntil(k, now.getTime()))
        .reduce<number | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);
      return {
        hit: hit(key, until === null ? limit : 0, windowMs, now),
        blockedUntil: until === null ? null : new Date(until),
      };
    },
    async addRejection(ipHash, windowMs, now) {
      const at = now.getTime();
      const since = at - windowMs;
      // As in Postgres: older ones are removed, one exactly at the window's start stays but is not counted.
      const kept = (state.rejections.get(ipHash)?.at ?? []).filter((t) => t >= since);
      const recent = kept.filter((t) => t > since).length + 1;
      kept.push(at);
      state.rejections.set(ipHash, { at: kept, until: Math.max(...kept) + windowMs });
      changes.rejections.add(ipHash);
      return recent;
    },
    async block(ipHash, until) {
      state.blocks.set(ipHash, until.getTime());
      changes.blocks.add(ipHash);
    },
    async blockedUntil(ipHash, now) {
      const until = blockedUntil(ipHash, now.getTime());
      return until === null ? null : new Date(until);
    },
    takeChanges() {
      const taken = changes;
      changes = emptyChanges();
      return taken;
    },
    restoreChanges(taken) {
      for (const name of ["hits", "rejections", "blocks"] as const)
        for (const key of taken[name]) changes[name].add(key);
    },
    sweep(now) {
      const at = now.getTime();
      for (const [name, map] of [
        ["hits", state.hits],
        ["rejections", state.rejections],
      ] as const)
        for (const [key, entry] of map)
          if (entry.until <= at) {
            map.delete(key);
            changes[name].add(key);
          }
      for (const [key, until] of state.blocks)
        if (until <= at) {
          state.blocks.delete(key);
          changes.blocks.add(key);
        }
    },
  };
}
