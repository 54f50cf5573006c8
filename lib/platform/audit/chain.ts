import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * The tamper-evident chains: pure, shared by the writer, the checkpoint and the verifier.
 * The log is AUDIT_LANES chains (lanes.ts). Each row's hash is an HMAC (AUDIT_CHAIN_SECRET) over
 * its lane, its id, its content and the previous hash of its lane, so whoever holds only the
 * database can neither rewrite a row, nor move it to another lane or position, nor re-hash the
 * chain after it. Older rows, all in lane 0, carry what was written before: a keyed hash without
 * lane and id (from when the log was one chain), and before that a plain SHA-256 (64 hex digits,
 * no prefix), accepted only up to the boundary the signed checkpoint records, so a plain hash after
 * it (a downgrade) is a break like any other.
 */

export const GENESIS_HASH = "0".repeat(64);
export const KEYED_PREFIX = "hmac-sha256:";
/** Keyed hashes over lane and id; a lane-0 row after one may no longer carry the older kinds. */
export const LANED_PREFIX = `${KEYED_PREFIX}v2:`;

export type AuditFields = {
  at: Date;
  type: string;
  jobId: string | null;
  data: Record<string, unknown>;
};
/** What a row's hash covers: its content and where it sits. */
export type PlacedFields = AuditFields & { id: number; lane: number };
export type AuditRow = PlacedFields & { prevHash: string; hash: string };

/** JSON with sorted keys, so the hash does not depend on how a database returns jsonb. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

function message(prevHash: string, e: AuditFields): string {
  return `${prevHash}\n${e.at.toISOString()}\n${e.type}\n${e.jobId ?? ""}\n${canonicalJson(e.data)}`;
}

const hmac = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text).digest("hex");

/** The hash every new row carries. */
export function auditHash(secret: string, prevHash: string, e: PlacedFields): string {
  return (
    LANED_PREFIX + hmac(secret, `reel402-audit-v2\n${e.lane}\n${e.id}\n${message(prevHash, e)}`)
  );
}

/** The keyed hash of rows written while the log was one chain (lane 0); never written any more. */
export function unlanedAuditHash(secret: string, prevHash: string, e: AuditFields): string {
  return KEYED_PREFIX + hmac(secret, `reel402-audit-v1\n${message(prevHash, e)}`);
}

/** The unkeyed hash of rows written before the chain was keyed; never written any more. */
export function legacyAuditHash(prevHash: string, e: AuditFields): string {
  return createHash("sha256").update(message(prevHash, e)).digest("hex");
}

export const isKeyed = (hash: string) => hash.startsWith(KEYED_PREFIX);
const isLaned = (hash: string) => hash.startsWith(LANED_PREFIX);

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type BreakReason =
  | "prev_hash"
  | "hash"
  | "unkeyed"
  | "lane"
  | "missing"
  | "checkpoint"
  | "count";
export type ChainBreak = { id: number; reason: BreakReason };

export type VerifyOptions = {
  secret: string;
  /** Last id allowed a plain hash (from the checkpoint); null when unknown: then only a prefix of lane 0 may be plain. */
  legacyThrough: number | null;
  /** The hash the first row must link to: the genesis, or the checkpointed row when verifying onward from it. */
  start?: string;
};

export type ChainSummary = {
  count: number;
  head: { id: number; hash: string } | null;
  lastLegacyId: number;
};

/**
 * First row whose link or content does not match the chain, or a summary of the intact chain.
 * `rows` are one lane's, in id order. Each rule looks only at the row and the hash before it, so a
 * lane verified page by page (or onward from a checkpoint) is judged as if read whole.
 */
export function verifyChain(
  rows: AuditRow[],
  options: VerifyOptions,
): { broken: ChainBreak } | { broken: null; summary: ChainSummary } {
  let prev = options.start ?? GENESIS_HASH;
  let lastLegacyId = 0;
  for (const row of rows) {
    if (!sameText(row.prevHash, prev)) return { broken: { id: row.id, reason: "prev_hash" } };
    if (isLaned(row.hash)) {
      if (!sameText(auditHash(options.secret, prev, row), row.hash))
        return { broken: { id: row.id, reason: "hash" } };
    } else if (isKeyed(row.hash)) {
      // From the single chain: lane 0 only, and never after a row that carries its lane.
      if (row.lane !== 0 || isLaned(prev)) return { broken: { id: row.id, reason: "lane" } };
      if (!sameText(unlanedAuditHash(options.secret, prev, row), row.hash))
        return { broken: { id: row.id, reason: "hash" } };
    } else {
      const allowed =
        row.lane === 0 &&
        (options.legacyThrough === null ? !isKeyed(prev) : row.id <= options.legacyThrough);
      if (!allowed) return { broken: { id: row.id, reason: "unkeyed" } };
      if (legacyAuditHash(prev, row) !== row.hash)
        return { broken: { id: row.id, reason: "hash" } };
      lastLegacyId = row.id;
    }
    prev = row.hash;
  }
  const last = rows.at(-1);
  return {
    broken: null,
    summary: {
      count: rows.length,
      head: last ? { id: last.id, hash: last.hash } : null,
      lastLegacyId,
    },
  };
}

const EXPLAINED: Record<BreakReason, string> = {
  prev_hash:
    "its link to the previous event does not match (an event before it was removed or changed)",
  hash: "its content does not match its keyed hash (edited, or re-hashed without the key)",
  unkeyed:
    "it carries a plain SHA-256 hash after the chain became keyed (re-hashed without the key)",
  lane: "it is not chained in the lane it sits in (moved between lanes)",
  missing: "it was checkpointed but is gone: the newest events were cut off",
  checkpoint: "its hash differs from the one checkpointed outside the database",
  count: "the number of events up to it differs from the checkpoint (events were removed)",
};

export function explainBreak(b: ChainBreak): string {
  return `event ${b.id}: ${EXPLAINED[b.reason]}`;
}
