import { gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import type { OnBeforeExit } from "@/lib/platform/lifecycle/before-exit";
import { ipBlocks, ipRejections, rateLimitHits } from "@/lib/platform/db/schema";
import {
  createMemoryLimitStore,
  type MemoryLimits,
  type MemoryLimitStore,
} from "@/lib/platform/limits/memory-limit-store";

// How often the limits are written to the data folder; a crash forgets at most this much counting
// (a clean shutdown saves everything). Each save costs the request thread a few milliseconds.
const SAVE_MS = 1_000;

/**
 * The limit store on PGlite. PGlite runs inside the one server process that owns the data folder,
 * so the limits are kept in memory, where every decision is exact and costs no query (each PGlite
 * statement would run on the request thread). They are loaded from the tables the Postgres store
 * uses when the process starts and written back every SAVE_MS, so a restart keeps windows and
 * blocks. `horizonMs` is the longest window any limit uses: older entries are not loaded.
 * `onBeforeExit`, when given, saves what is left at a clean shutdown.
 */
export async function createPgliteLimitStore(
  db: Db,
  horizonMs: number,
  onBeforeExit?: OnBeforeExit,
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
  const close = async () => {
    clearInterval(timer);
    await saving;
    await saveOnce();
  };
  onBeforeExit?.("limits", close);
  return {
    ...store,
    save: async () => {
      await saving;
      await saveOnce();
    },
    /** Saves what is left and stops saving, before the database closes. */
    close,
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

/**
 * Writes the changed keys as they now are: rows upserted, or deleted when the key was forgotten.
 * Each table's changes travel as one jsonb parameter, unpacked by the database: a statement per
 * table whatever the number of keys, since every statement PGlite runs costs the request thread.
 */
async function write(
  db: Db,
  state: MemoryLimits,
  changes: ReturnType<MemoryLimitStore["takeChanges"]>,
) {
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const keysOf = (value: unknown) => sql`(select jsonb_array_elements_text(${json(value)}))`;
  const hitKeys = [...changes.hits];
  const gone = hitKeys.filter((k) => !state.hits.has(k));
  if (gone.length) await db.delete(rateLimitHits).where(inArray(rateLimitHits.key, keysOf(gone)));
  const kept = hitKeys.flatMap((key) => {
    const entry = state.hits.get(key);
    return entry ? [{ key, hits: entry.hits, allowed: entry.allowed }] : [];
  });
  if (kept.length)
    await db.execute(sql`
      insert into ${rateLimitHits} (key, hits, allowed)
      select r.key, r.hits, r.allowed
      from jsonb_to_recordset(${json(kept)}) as r(key text, hits bigint[], allowed boolean)
      on conflict (key) do update set hits = excluded.hits, allowed = excluded.allowed`);
  const ips = [...changes.rejections];
  if (ips.length) {
    await db.delete(ipRejections).where(inArray(ipRejections.ipHash, keysOf(ips)));
    const rows = ips.flatMap((ipHash) =>
      (state.rejections.get(ipHash)?.at ?? []).map((at) => ({ ip: ipHash, at })),
    );
    if (rows.length)
      await db.execute(sql`
        insert into ${ipRejections} (id, ip_hash, at)
        select gen_random_uuid(), r.ip, to_timestamp(r.at / 1000.0)
        from jsonb_to_recordset(${json(rows)}) as r(ip text, at bigint)`);
  }
  const blockKeys = [...changes.blocks];
  const unblocked = blockKeys.filter((k) => !state.blocks.has(k));
  if (unblocked.length)
    await db.delete(ipBlocks).where(inArray(ipBlocks.ipHash, keysOf(unblocked)));
  const blocked = blockKeys.flatMap((ip) => {
    const until = state.blocks.get(ip);
    return until === undefined ? [] : [{ ip, until }];
  });
  if (blocked.length)
    await db.execute(sql`
      insert into ${ipBlocks} (ip_hash, blocked_until)
      select r.ip, to_timestamp(r.until / 1000.0)
      from jsonb_to_recordset(${json(blocked)}) as r(ip text, until bigint)
      on conflict (ip_hash) do update set blocked_until = excluded.blocked_until`);
}
