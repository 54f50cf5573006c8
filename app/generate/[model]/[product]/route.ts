import { publicBaseUrl } from "@/lib/api/base-url";
import { checkoutResponse } from "@/lib/api/checkout-response";
import { withErrors } from "@/lib/api/with-errors";
import { guardedCheckout } from "@/lib/checkout/guarded-checkout";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ model: string; product: string }> };

export const POST = withErrors(async (request: Request, { params }: Params) => {
  const { model, product } = await params;
  return checkoutResponse(await guardedCheckout(request, model, product, publicBaseUrl()));
});
