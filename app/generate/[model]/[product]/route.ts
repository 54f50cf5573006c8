import { paidPostResponse, withErrors } from "@/lib/http";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ model: string; product: string }> };

export const POST = withErrors(async (request: Request, { params }: Params) => {
  const { model, product } = await params;
  return paidPostResponse(request, model, product);
});
