import { refusalResponse } from "@/lib/http/api/problem";
import type { Refusal } from "@/lib/platform";

/** A missing or bad sign-in-with-x proof as its 401 for the path it was asked on, carrying the fresh challenge. */
export function walletProofResponse(request: Request, proof: { refusal: Refusal }): Response {
  return refusalResponse(proof.refusal, { instance: new URL(request.url).pathname });
}
