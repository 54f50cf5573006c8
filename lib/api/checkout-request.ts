import type { CheckoutInput } from "@/lib/checkout/checkout";
import { isJsonContentType } from "@/lib/requests/content-type";
import { readBodyLimited } from "@/lib/requests/read-body";
import { WEBHOOK_URL_HEADER } from "@/lib/webhooks/callback-url";

/** Which product a generation POST is for, and the origin the client sent it to. */
export type CheckoutTarget = Pick<CheckoutInput, "family" | "productName" | "baseUrl">;

/**
 * A generation POST read into the checkout's input: the body only when it is declared as JSON,
 * and never more than `maxBodyBytes` of it (a larger one is not buffered), plus the headers the
 * checkout acts on.
 */
export async function readCheckoutInput(
  request: Request,
  target: CheckoutTarget,
  maxBodyBytes: number,
): Promise<CheckoutInput> {
  const { headers } = request;
  return {
    ...target,
    body: isJsonContentType(headers.get("content-type"))
      ? await readBodyLimited(request, maxBodyBytes)
      : "not_json",
    paymentSignature: headers.get("payment-signature"),
    idempotencyKey: headers.get("idempotency-key"),
    webhookUrl: headers.get(WEBHOOK_URL_HEADER),
  };
}
