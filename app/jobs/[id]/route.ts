import { withErrors } from "@/lib/api/with-errors";
import { jobResponse } from "@/lib/jobs/job-response";
import { withPosterUrl } from "@/lib/storage/poster-url";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = withErrors(async (request: Request, { params }: Params) =>
  withPosterUrl(request, await jobResponse(request, (await params).id)),
);
