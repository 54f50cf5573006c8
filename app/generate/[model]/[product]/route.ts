import { hostChecked, methodNotAllowed, paidPostResponse, preflight, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ model: string; product: string }> };

// Answered without the proxy (lib/http/api/unproxied-route.ts): every method is this file's.
export const POST = withErrors(
  hostChecked(async (request: Request, { params }: Params) => {
    const { model, product } = await params;
    return paidPostResponse(request, model, product);
  }),
);

export const OPTIONS = preflight;
export {
  methodNotAllowed as DELETE,
  methodNotAllowed as GET,
  methodNotAllowed as PATCH,
  methodNotAllowed as PUT,
};
