import { problem } from "@/lib/http/api/problem";
import { services } from "@/lib/server";
import { freeReadRefusal } from "@/lib/http/api/free-guard";
import { json } from "@/lib/http/api/json";
import { conditionalJson } from "@/lib/http/api/conditional-get";
import { jobView, type JobView } from "@/lib/notify";
import { isTerminal } from "@/lib/jobs";

/**
 * GET /jobs/{id}: free, no payment. Pollers revalidate with If-None-Match: the entity tag is the
 * body's, so it changes with anything shown (status, progress, ETA, refund, links).
 */
export async function jobResponse(request: Request, id: string): Promise<Response> {
  const refused = freeReadRefusal(request, `/jobs/${id}`);
  if (refused) return refused;
  const job = await currentJob(id);
  return job ? conditionalJson(request, job, { "cache-control": jobCaching(job) }) : notFound(id);
}

/** The job as it is now (DELETE's answer); a 404 problem for an unknown id. */
export async function currentJobResponse(id: string): Promise<Response> {
  const job = await currentJob(id);
  return job ? json(job, 200, { "cache-control": jobCaching(job) }) : notFound(id);
}

const currentJob = async (id: string) =>
  jobView(await services().db(), id, services().jobViewContext());

const notFound = (id: string) =>
  problem("not_found", "No job with this id.", { instance: `/jobs/${id}` });

/**
 * In-flight jobs are revalidated on every poll. A finished job changes rarely, so a cache may keep
 * it a few seconds, never past the moment its video link expires.
 */
function jobCaching(job: JobView, now = Date.now()): string {
  // no-transform as on every API answer (lib/http/api/json.ts): a poll is read by a program.
  if (!isTerminal(job.status)) return "private, no-cache, no-transform";
  const linkLeft =
    job.video_url && job.video_expires_at
      ? Math.floor((Date.parse(job.video_expires_at) - now) / 1000)
      : Number.POSITIVE_INFINITY;
  const fresh = Math.min(5, linkLeft);
  return fresh > 0 ? `private, max-age=${fresh}, no-transform` : "private, no-cache, no-transform";
}
