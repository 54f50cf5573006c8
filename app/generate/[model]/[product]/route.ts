import { publicBaseUrl } from "@/lib/api/base-url";
import { checkoutResponse } from "@/lib/api/checkout-response";
import { withErrors } from "@/lib/api/with-errors";
import { guardedCheckout } from "@/lib/checkout/guarded-checkout";
import { services } from "@/lib/server/services";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ model: string; product: string }> };

export const POST = withErrors(async (request: Request, { params }: Params) => {
  const { model, product } = await params;
  return checkoutResponse(
    await guardedCheckout(services(), request, model, product, publicBaseUrl()),
  );
});
