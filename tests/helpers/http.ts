import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";

export function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function requiredFromHeader(res: Response): PaymentRequired {
  const header = res.headers.get("payment-required");
  if (!header) throw new Error(`no PAYMENT-REQUIRED header (status ${res.status})`);
  return decodePaymentRequiredHeader(header);
}

export function settlementFromHeader(res: Response) {
  const header = res.headers.get("payment-response");
  if (!header) throw new Error(`no PAYMENT-RESPONSE header (status ${res.status})`);
  return decodePaymentResponseHeader(header);
}
