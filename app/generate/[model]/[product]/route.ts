import { withErrors } from "@/lib/api/with-errors";
import { handleGenerate } from "@/lib/generation/handle-generate";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ model: string; product: string }> };

export const POST = withErrors(async (request: Request, { params }: Params) => {
  const { model, product } = await params;
  return handleGenerate(request, model, product);
});
