import { createHash } from "node:crypto";

/**
 * The audit log is this many chains ("lanes"), each linked and locked on its own, so the money
 * writes of unrelated jobs never queue on one lock across the cluster. Fixed: a job's lane is
 * derived from its id, and the database's check constraint (audit_events_lane_range) and the
 * verifier both know this number.
 */
export const AUDIT_LANES = 64;

/**
 * The lane of a key: a job id (so all of one job's events are chained, in order, in one lane) or
 * the content of an event that has no job. Case-insensitive, as a uuid is.
 */
export function auditLaneOf(key: string): number {
  return createHash("sha256").update(key.toLowerCase()).digest().readUInt32BE(0) % AUDIT_LANES;
}
