import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * The tamper-evident chain: pure, shared by the writer, the checkpoint and the verifier.
 * Each row's hash is an HMAC (AUDIT_CHAIN_SECRET) over its content and the previous row's hash, so
 * whoever holds only the database can neither rewrite a row nor re-hash the chain after it.
 * Rows written before the chain was keyed carry a plain SHA-256 (64 hex digits, no prefix); they
 * are accepted only up to the boundary the signed checkpoint records, so a plain hash after it
 * (a downgrade) is a break like any other.
 */

export const GENESIS_HASH = "0".repeat(64);
export const KEYED_PREFIX = "hmac-sha256:";

export type AuditFields = {
  at: Date;
  type: string;
  jobId: string | null;
  data: Record<string, unknown>;
};
export type AuditRow = AuditFields & { id: number; prevHash: string; hash: string };

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

/** The hash every new row carries. */
export function auditHash(secret: string, prevHash: string, e: AuditFields): string {
  return (
    KEYED_PREFIX +
    createHmac("sha256", secret)
      .update(`reel402-audit-v1\n${message(prevHash, e)}`)
      .digest("hex")
  );
}

/** The unkeyed hash of rows written before the chain was keyed; never written any more. */
export function legacyAuditHash(prevHash: string, e: AuditFields): string {
  return createHash("sha256").update(message(prevHash, e)).digest("hex");
}

export const isKeyed = (hash: string) => hash.startsWith(KEYED_PREFIX);

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type BreakReason = "prev_hash" | "hash" | "unkeyed" | "missing" | "checkpoint" | "count";
export type ChainBreak = { id: number; reason: BreakReason };

export type VerifyOptions = {
  secret: string;
  /** Last id allowed a plain hash (from the checkpoint); null when unknown: then only a prefix of the log may be plain. */
  legacyThrough: number | null;
  /** The hash the first row must link to: the genesis, or the checkpointed row when verifying onward from it. */
  start?: string;
};

export type ChainSummary = {
  count: number;
  head: { id: number; hash: string } | null;
  lastLegacyId: number;
};

/** First row whose link or content does not match the chain, or a summary of the intact chain. */
export function verifyChain(
  rows: AuditRow[],
  options: VerifyOptions,
): { broken: ChainBreak } | { broken: null; summary: ChainSummary } {
  let prev = options.start ?? GENESIS_HASH;
  let seenKeyed = false;
  let lastLegacyId = 0;
  for (const row of rows) {
    if (!sameText(row.prevHash, prev)) return { broken: { id: row.id, reason: "prev_hash" } };
    if (isKeyed(row.hash)) {
      seenKeyed = true;
      if (!sameText(auditHash(options.secret, prev, row), row.hash))
        return { broken: { id: row.id, reason: "hash" } };
    } else {
      const allowed = options.legacyThrough === null ? !seenKeyed : row.id <= options.legacyThrough;
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
  missing: "it was checkpointed but is gone: the newest events were cut off",
  checkpoint: "its hash differs from the one checkpointed outside the database",
  count: "the number of events up to it differs from the checkpoint (events were removed)",
};

export function explainBreak(b: ChainBreak): string {
  return `event ${b.id}: ${EXPLAINED[b.reason]}`;
}
