import { gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { ipBlocks, ipRejections, rateLimitHits } from "@/lib/db/schema";
import {
  createMemoryLimitStore,
  type MemoryLimits,
  type MemoryLimitStore,
} from "@/lib/limits/memory-limit-store";

// How often the limits are written to the data folder; a crash forgets at most this much counting.
const SAVE_MS = 200;
// Rows per statement when saving: well under Postgres's 65,535 parameters.
const CHUNK = 5_000;

/**
 * The limit store on PGlite. PGlite runs inside the one server process that owns the data folder,
 * so the limits are kept in memory, where every decision is exact and costs no query (each PGlite
 * statement would run on the request thread). They are loaded from the tables the Postgres store
 * uses when the process starts and written back every SAVE_MS, so a restart keeps windows and
 * blocks. `horizonMs` is the longest window any limit uses: older entries are not loaded.
 */
export async function createPgliteLimitStore(
  db: Db,
  horizonMs: number,
): Promise<MemoryLimitStore & { save: () => Promise<void>; close: () => Promise<void> }> {
  const store = createMemoryLimitStore(await load(db, Date.now(), horizonMs));
  let saving: Promise<void> | null = null;
  const save = async () => {
    store.sweep(new Date());
    const changes = store.takeChanges();
    if (!changes.hits.size && !changes.rejections.size && !changes.blocks.size) return;
    try {
      await db.transaction((tx) => write(tx as unknown as Db, store.state, changes));
    } catch (error) {
      store.restoreChanges(changes);
      console.error(`[limits] could not save the limits: ${(error as Error).message}`);
    }
  };
  // One save at a time; a tick that finds one running leaves the changes to the next.
  const saveOnce = () => {
    saving ??= save().finally(() => {
      saving = null;
    });
    return saving;
  };
  const timer = setInterval(saveOnce, SAVE_MS).unref();
  return {
    ...store,
    save: async () => {
      await saving;
      await saveOnce();
    },
    /** Saves what is left and stops saving, before the database closes. */
    close: async () => {
      clearInterval(timer);
      await saving;
      await saveOnce();
    },
  };
}

async function load(db: Db, now: number, horizonMs: number): Promise<MemoryLimits> {
  const since = now - horizonMs;
  const [hits, rejections, blocks] = await Promise.all([
    db
      .select()
      .from(rateLimitHits)
      .where(sql`exists (select 1 from unnest(${rateLimitHits.hits}) as h where h > ${since})`),
    db
      .select()
      .from(ipRejections)
      .where(gt(ipRejections.at, new Date(since - 1))),
    db
      .select()
      .from(ipBlocks)
      .where(gt(ipBlocks.blockedUntil, new Date(now))),
  ]);
  const state: MemoryLimits = { hits: new Map(), rejections: new Map(), blocks: new Map() };
  for (const row of hits)
    state.hits.set(row.key, {
      hits: row.hits,
      allowed: row.allowed,
      until: Math.max(...row.hits) + horizonMs,
    });
  for (const row of rejections) {
    const entry = state.rejections.get(row.ipHash) ?? { at: [], until: 0 };
    entry.at.push(row.at.getTime());
    entry.until = Math.max(entry.until, row.at.getTime() + horizonMs);
    state.rejections.set(row.ipHash, entry);
  }
  for (const row of blocks) state.blocks.set(row.ipHash, row.blockedUntil.getTime());
  return state;
}

/** Writes the changed keys as they now are: rows upserted, or deleted when the key was forgotten. */
async function write(
  db: Db,
  state: MemoryLimits,
  changes: ReturnType<MemoryLimitStore["takeChanges"]>,
) {
  const hitKeys = [...changes.hits];
  const gone = hitKeys.filter((k) => !state.hits.has(k));
  for (const keys of chunks(gone))
    await db.delete(rateLimitHits).where(inArray(rateLimitHits.key, keys));
  for (const keys of chunks(hitKeys.filter((k) => state.hits.has(k))))
    await db
      .insert(rateLimitHits)
      .values(
        keys.map((key) => ({
          key,
          hits: state.hits.get(key)?.hits ?? [],
          allowed: state.hits.get(key)?.allowed ?? false,
        })),
      )
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: { hits: sql`excluded.hits`, allowed: sql`excluded.allowed` },
      });
  for (const ips of chunks([...changes.rejections])) {
    await db.delete(ipRejections).where(inArray(ipRejections.ipHash, ips));
    const rows = ips.flatMap((ipHash) =>
      (state.rejections.get(ipHash)?.at ?? []).map((at) => ({
        id: crypto.randomUUID(),
        ipHash,
        at: new Date(at),
      })),
    );
    for (const part of chunks(rows)) await db.insert(ipRejections).values(part);
  }
  const blockKeys = [...changes.blocks];
  for (const keys of chunks(blockKeys.filter((k) => !state.blocks.has(k))))
    await db.delete(ipBlocks).where(inArray(ipBlocks.ipHash, keys));
  for (const keys of chunks(blockKeys.filter((k) => state.blocks.has(k))))
    await db
      .insert(ipBlocks)
      .values(
        keys.map((ipHash) => ({ ipHash, blockedUntil: new Date(state.blocks.get(ipHash) ?? 0) })),
      )
      .onConflictDoUpdate({
        target: ipBlocks.ipHash,
        set: { blockedUntil: sql`excluded.blocked_until` },
      });
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
