import { withErrors } from "@/lib/api/with-errors";
import { jobEventsResponse } from "@/lib/api/job-events-response";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = withErrors(async (request: Request, { params }: Params) =>
  jobEventsResponse(request, (await params).id),
);
