import {
  cancelJobResponse,
  hostChecked,
  jobResponse,
  methodNotAllowed,
  preflight,
  withErrors,
} from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

// Answered without the proxy (lib/http/api/unproxied-route.ts): every method is this file's.
export const GET = withErrors(
  hostChecked(async (request: Request, { params }: Params) =>
    jobResponse(request, (await params).id),
  ),
);

export const DELETE = withErrors(
  hostChecked(async (request: Request, { params }: Params) =>
    cancelJobResponse(request, (await params).id),
  ),
);

export const OPTIONS = preflight;
export { methodNotAllowed as PATCH, methodNotAllowed as POST, methodNotAllowed as PUT };
