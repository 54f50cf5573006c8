import { eq, sql } from "drizzle-orm";
import { groupCommit } from "@/lib/platform/db/group-commit";
import type { Db } from "@/lib/platform/db/client";
import { executeRows } from "@/lib/platform/db/execute-rows";
import { ipBlocks, ipRejections, rateLimitHits } from "@/lib/platform/db/schema";
import { type Hit, type LimitStore, toHit } from "@/lib/platform/limits/limit-store";

// A group never holds two hits on one key (those go in turn), so the batch's upsert touches each row once.
const MAX_GROUP = 200;

type HitRequest = { key: string; limit: number; windowMs: number; now: Date; blockKeys: string[] };
type Guarded = { hit: Hit; blockedUntil: Date | null };
type RejectionRequest = { ipHash: string; windowMs: number; now: Date };

export function createPostgresLimitStore(db: Db): LimitStore {
  // Every unpaid request passes the guard: the hits in flight together share one statement.
  const guard = groupCommit<HitRequest, Guarded>((requests) => slidingHits(db, requests), {
    max: MAX_GROUP,
    key: (r) => r.key,
  });
  // Every content-policy refusal is counted: the ones in flight together share one statement too.
  const reject = groupCommit<RejectionRequest, number>((requests) => addRejections(db, requests), {
    max: MAX_GROUP,
    key: (r) => r.ipHash,
  });
  return {
    async hit(key, limit, windowMs, now) {
      return (await guard({ key, limit, windowMs, now, blockKeys: [] })).hit;
    },
    guard: (key, limit, windowMs, now, blockKeys) =>
      guard({ key, limit, windowMs, now, blockKeys }),
    addRejection: (ipHash, windowMs, now) => reject({ ipHash, windowMs, now }),
    async block(ipHash, until) {
      await db
        .insert(ipBlocks)
        .values({ ipHash, blockedUntil: until })
        .onConflictDoUpdate({ target: ipBlocks.ipHash, set: { blockedUntil: until } });
    },
    async blockedUntil(ipHash, now) {
      const [row] = await db.select().from(ipBlocks).where(eq(ipBlocks.ipHash, ipHash)).limit(1);
      return row && row.blockedUntil > now ? row.blockedUntil : null;
    },
  };
}

/**
 * Records each rejection and counts its client's within its window, in one statement: the inserts,
 * the cleanup and the counts (every part of it sees the rows as they were before it, so each new
 * rejection is its count's + 1; a group holds one rejection per client).
 */
async function addRejections(db: Db, requests: RejectionRequest[]): Promise<number[]> {
  const values = sql.join(
    requests.map(
      (r, i) =>
        sql`(${i}::int, ${crypto.randomUUID()}::uuid, ${r.ipHash}::text, ${r.now.toISOString()}::timestamptz, ${new Date(r.now.getTime() - r.windowMs).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const rows = await executeRows<{ n: number | string; recent: number | string }>(
    db,
    sql`
    with req (n, id, ip_hash, at, since) as (values ${values}),
    inserted as (
      insert into ${ipRejections} (id, ip_hash, at) select id, ip_hash, at from req returning id
    ),
    removed as (
      delete from ${ipRejections} as r using req
      where r.ip_hash = req.ip_hash and r.at < req.since returning r.id
    )
    select req.n, (
      select count(*) from ${ipRejections} as r where r.ip_hash = req.ip_hash and r.at > req.since
    ) + 1 as recent
    from req
  `,
  );
  const counts: number[] = [];
  for (const row of rows) counts[Number(row.n)] = Number(row.recent);
  return requests.map((_, i) => counts[i] ?? 0);
}

/**
 * For each request, the request times still inside (now - windowMs, now] on its key, plus this
 * one while fewer than its limit are there (a limit of 0 while a block on any of its block keys
 * runs, and then that block's end is returned). One statement for the whole group: each upsert
 * holds its key's row lock, so concurrent hits from every process see each other's writes, and
 * rows are locked in key order so two processes' groups never deadlock.
 */
async function slidingHits(db: Db, requests: HitRequest[]): Promise<Guarded[]> {
  const values = sql.join(
    requests.map(
      (r, i) =>
        sql`(${i}::int, ${r.key}::text, ${r.limit}::int, ${r.now.getTime()}::bigint, ${r.windowMs}::bigint, ${r.now.toISOString()}::timestamptz, ${JSON.stringify(r.blockKeys)}::jsonb)`,
    ),
    sql`, `,
  );
  const live = sql`array(select h from unnest(t.hits) as h where h > e.at - e.win)`;
  const rows = await executeRows<Row>(
    db,
    sql`
    with req (n, key, lim, at, win, now, blocks) as (values ${values}),
    e as (
      select req.*, b.until, case when b.until is null then req.lim else 0 end as eff
      from req, lateral (
        select max(${ipBlocks.blockedUntil}) as until from ${ipBlocks}
        where ${ipBlocks.ipHash} in (select jsonb_array_elements_text(req.blocks))
          and ${ipBlocks.blockedUntil} > req.now
      ) as b
    ),
    up as (
      insert into ${rateLimitHits} as t (key, hits, allowed)
      select key, case when eff > 0 then array[at] else '{}'::bigint[] end, eff > 0
      from e order by key
      on conflict (key) do update set
        hits = (select case when cardinality(${live}) < e.eff then ${live} || e.at else ${live} end
                from e where e.key = excluded.key),
        allowed = (select cardinality(${live}) < e.eff from e where e.key = excluded.key)
      returning t.key, t.hits, t.allowed
    )
    select e.n, up.hits, up.allowed, (extract(epoch from e.until) * 1000)::bigint as until_ms
    from e join up on up.key = e.key
  `,
  );
  const answers: Guarded[] = [];
  for (const row of rows) {
    const r = requests[Number(row.n)];
    if (!r) continue;
    const hits = parseHits(row.hits);
    answers[Number(row.n)] = {
      hit: toHit(
        row.allowed,
        hits.length,
        hits.length ? Math.min(...hits) : null,
        r.windowMs,
        r.now,
      ),
      blockedUntil: row.until_ms === null ? null : new Date(Number(row.until_ms)),
    };
  }
  if (answers.filter(Boolean).length !== requests.length)
    throw new Error("Postgres limit store: the upsert did not answer every hit");
  return answers;
}

type Row = {
  n: number | string;
  hits: (number | string)[] | string;
  allowed: boolean;
  until_ms: number | string | null;
};

/** A bigint[] as the driver hands it over: an array, or its text form ("{1,2}") when untyped. */
function parseHits(hits: Row["hits"]): number[] {
  if (Array.isArray(hits)) return hits.map(Number);
  const inner = hits.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map(Number) : [];
}
