import { problem } from "@/lib/api/problem";
import { services } from "@/lib/server/services";
import { cancelJob } from "@/lib/jobs/cancel-job";
import { findJob } from "@/lib/jobs/repository";
import { currentJobResponse } from "@/lib/api/job-response";
import { walletProofResponse } from "@/lib/api/wallet-proof-response";
import { provenWallet } from "@/lib/wallet-auth/sign-in";

/**
 * DELETE /jobs/{id}: the payer, proven by a sign-in-with-x signature, cancels a job the upstream
 * has not seen yet and is refunded through the refund path; the job as it now is is the answer.
 */
export async function cancelJobResponse(request: Request, id: string): Promise<Response> {
  const db = await services().db();
  const proof = await provenWallet(db, request);
  if (!proof.ok) return walletProofResponse(request, proof);
  const instance = `/jobs/${id}`;
  const job = await findJob(db, id);
  if (!job) return problem("not_found", "No job with this id.", { instance });
  if (job.payer !== proof.address)
    return problem("wrong_wallet", "Only the wallet that paid for a job can cancel it.", {
      instance,
    });
  const outcome = await cancelJob(db, job.id, services().wallets.refund() !== null, "payer");
  if (!outcome.ok)
    return problem("not_cancellable", `Not cancelled: ${outcome.reason}.`, {
      instance,
      extra: { job_status: (await findJob(db, job.id))?.status ?? job.status },
    });
  return currentJobResponse(job.id);
}
