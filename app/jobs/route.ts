import { withErrors } from "@/lib/api/with-errors";
import { walletJobsResponse } from "@/lib/api/wallet-jobs-response";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request: Request) => walletJobsResponse(request));
