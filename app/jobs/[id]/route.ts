import { cancelJobResponse, jobResponse, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = withErrors(async (request: Request, { params }: Params) =>
  jobResponse(request, (await params).id),
);

export const DELETE = withErrors(async (request: Request, { params }: Params) =>
  cancelJobResponse(request, (await params).id),
);
