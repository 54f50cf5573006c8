import { upstreamCallbackResponse, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ provider: string; attempt: string; token: string }> };

/** Upstreams report a task's end here (the callback URL every submit carries). */
export const POST = withErrors(async (request: Request, { params }: Params) =>
  upstreamCallbackResponse(request, await params),
);
