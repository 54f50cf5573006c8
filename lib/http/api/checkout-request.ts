import type { CheckoutInput } from "@/lib/checkout";
import { isJsonContentType, readBodyLimited } from "@/lib/catalog";
import { WEBHOOK_URL_HEADER } from "@/lib/notify";

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
