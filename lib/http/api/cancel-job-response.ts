import { problem, refusalResponse } from "@/lib/http/api/problem";
import { services } from "@/lib/server";
import { findJob } from "@/lib/jobs";
import { currentJobResponse } from "@/lib/http/api/job-response";
import { cancelAndRefund, provenWallet } from "@/lib/money";
import { walletProofResponse } from "@/lib/http/api/wallet-proof-response";

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
  const outcome = await cancelAndRefund(db, job.id, services().wallets.refund() !== null, "payer");
  if (outcome.kind === "refused") return refusalResponse(outcome, { instance });
  return currentJobResponse(job.id);
}
