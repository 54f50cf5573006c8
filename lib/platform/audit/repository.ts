import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import type { AuditType } from "@/lib/platform/audit/append";

export type JobAuditRow = { id: number; at: Date; type: string; data: Record<string, unknown> };

/** A job's audit rows of these types after row `afterId`, oldest first. */
export async function jobAuditAfter(
  db: Db,
  jobId: string,
  afterId: number,
  types: AuditType[],
): Promise<JobAuditRow[]> {
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      type: auditEvents.type,
      data: auditEvents.data,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.jobId, jobId),
        gt(auditEvents.id, afterId),
        inArray(auditEvents.type, types),
      ),
    )
    .orderBy(asc(auditEvents.id));
}
