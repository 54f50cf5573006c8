import { createHash } from "node:crypto";

/** The tamper-evident chain: pure, shared by the writer and the verifier. */

export const GENESIS_HASH = "0".repeat(64);

export type AuditFields = { at: Date; type: string; jobId: string | null; data: Record<string, unknown> };

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

export function auditHash(prevHash: string, e: AuditFields): string {
  return createHash("sha256")
    .update(`${prevHash}\n${e.at.toISOString()}\n${e.type}\n${e.jobId ?? ""}\n${canonicalJson(e.data)}`)
    .digest("hex");
}

export type ChainBreak = { id: number; reason: "prev_hash" | "hash" };

/** First row whose link or content does not match the chain, if any. */
export function verifyChain(rows: (AuditFields & { id: number; prevHash: string; hash: string })[]): ChainBreak | null {
  let prev = GENESIS_HASH;
  for (const row of rows) {
    if (row.prevHash !== prev) return { id: row.id, reason: "prev_hash" };
    if (auditHash(prev, row) !== row.hash) return { id: row.id, reason: "hash" };
    prev = row.hash;
  }
  return null;
}
