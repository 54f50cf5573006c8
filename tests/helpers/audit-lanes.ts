import { auditLaneOf } from "@/lib/platform/audit/lanes";

/** The first `count` job ids (deterministic) whose audit events are chained in `lane`. */
export function jobsInLane(lane: number, count: number): string[] {
  const ids: string[] = [];
  for (let n = 0; ids.length < count; n++) {
    const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
    if (auditLaneOf(id) === lane) ids.push(id);
  }
  return ids;
}

/** A job id whose audit events are chained in `lane`: the nth such id. */
export const jobInLane = (lane: number, nth = 0): string =>
  jobsInLane(lane, nth + 1)[nth] as string;
