import { problem } from "@/lib/http/api/problem";
import { services } from "@/lib/server";
import { freeReadRefusal } from "@/lib/http/api/free-guard";
import { json } from "@/lib/http/api/json";
import { jobView } from "@/lib/notify";
import { isTerminal } from "@/lib/jobs";

/** GET /jobs/{id}: free, no payment. */
export async function jobResponse(request: Request, id: string): Promise<Response> {
  const refused = freeReadRefusal(request, `/jobs/${id}`);
  if (refused) return refused;
  return currentJobResponse(id);
}

/** The job as it is now (GET, and DELETE's answer); a 404 problem for an unknown id. */
export async function currentJobResponse(id: string): Promise<Response> {
  const job = await jobView(await services().db(), id, services().jobViewContext());
  if (!job) return problem("not_found", "No job with this id.", { instance: `/jobs/${id}` });
  // Finished jobs change only when the link expires; in-flight ones must be polled fresh.
  return json(job, 200, {
    "cache-control": isTerminal(job.status) ? "private, max-age=5" : "no-store",
  });
}
