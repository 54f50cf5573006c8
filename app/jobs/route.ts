import { withErrors } from "@/lib/api/with-errors";
import { walletJobsResponse } from "@/lib/wallet-auth/history-response";

export const dynamic = "force-dynamic";

export const GET = withErrors(async (request: Request) => walletJobsResponse(request));
