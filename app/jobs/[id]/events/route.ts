import { jobEventsResponse, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = withErrors(async (request: Request, { params }: Params) =>
  jobEventsResponse(request, (await params).id),
);
