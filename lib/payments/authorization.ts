import type { PaymentPayload } from "@x402/core/types";

export type Authorization = { from: string; to: string; value: string; validAfter: number; validBefore: number; nonce: string };

/** The EIP-3009 authorization inside an exact-scheme payload, or null for any other shape. */
export function readAuthorization(payload: PaymentPayload): Authorization | null {
  const auth = (payload.payload as { authorization?: Record<string, unknown> }).authorization;
  if (!auth) return null;
  const { from, to, value, validAfter, validBefore, nonce } = auth;
  const hex = (v: unknown, len: number) => typeof v === "string" && new RegExp(`^0x[0-9a-fA-F]{${len}}$`).test(v);
  const num = (v: unknown) => (typeof v === "string" || typeof v === "number") && /^\d{1,20}$/.test(String(v));
  if (!hex(from, 40) || !hex(to, 40) || !hex(nonce, 64) || !num(value) || !num(validAfter) || !num(validBefore)) return null;
  return {
    from: (from as string).toLowerCase(),
    to: (to as string).toLowerCase(),
    value: String(value),
    validAfter: Number(validAfter),
    validBefore: Number(validBefore),
    nonce: (nonce as string).toLowerCase(),
  };
}
