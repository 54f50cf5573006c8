import type { Db } from "@/lib/platform";
import { type JobRow, jobsOfPayerBefore } from "@/lib/jobs/repository";

export type HistoryCursor = { createdAt: Date; id: string };

export function encodeCursor(job: JobRow): string {
  return Buffer.from(`${job.createdAt.toISOString()}|${job.id}`).toString("base64url");
}

/** Null for a cursor this service did not hand out. */
export function decodeCursor(raw: string): HistoryCursor | null {
  const [at, id] = Buffer.from(raw, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? "")) return null;
  return { createdAt, id: id as string };
}

/** A wallet's jobs, newest first, one page after `cursor`. */
export async function jobsOfPayer(
  db: Db,
  payer: string,
  cursor: HistoryCursor | null,
  limit: number,
): Promise<{ jobs: JobRow[]; next: string | null }> {
  const rows = await jobsOfPayerBefore(db, payer, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { jobs: page, next: rows.length > limit && last ? encodeCursor(last) : null };
}
