import { problem } from "@/lib/api/problem";
import { services } from "@/lib/server/services";
import { publicBaseUrl } from "@/lib/api/base-url";
import { freeReadRefusal } from "@/lib/api/free-guard";
import { json } from "@/lib/api/json";
import { getEnv } from "@/lib/env";
import { findJobResource } from "@/lib/jobs/job-resource";
import { jobReceipt } from "@/lib/receipts/job-receipt";
import { isTerminal } from "@/lib/jobs/state-machine";

/** GET /jobs/{id}: free, no payment. */
export async function jobResponse(request: Request, id: string): Promise<Response> {
  const refused = freeReadRefusal(request, `/jobs/${id}`);
  if (refused) return refused;
  const db = await services().db();
  const base = publicBaseUrl();
  const store = services().videoStore();
  const found = await findJobResource(
    db,
    id,
    (key, expiresAt) => store.signedUrl(key, expiresAt, base),
    getEnv().limits.activeJobsPerWallet,
  );
  if (!found) return problem("not_found", "No job with this id.", { instance: `/jobs/${id}` });
  const { resource, job, paymentRow } = found;
  const receipt = await jobReceipt(db, job.id, base, { job, payment: paymentRow });
  // Finished jobs change only when the link expires; in-flight ones must be polled fresh.
  return json({ ...resource, receipt }, 200, {
    "cache-control": isTerminal(job.status) ? "private, max-age=5" : "no-store",
  });
}
