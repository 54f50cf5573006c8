import { decodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { z } from "zod";

export type Authorization = {
  from: string;
  to: string;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: string;
};

/** A PAYMENT-SIGNATURE we can act on, or which part of it is wrong. */
export type DecodedPayment =
  | { ok: true; payload: PaymentPayload; auth: Authorization }
  | { ok: false; part: string; message: string };

const hex = (bytes: number) =>
  z
    .string({ error: `must be a 0x-prefixed ${bytes}-byte hex string` })
    .regex(
      new RegExp(`^0x[0-9a-fA-F]{${bytes * 2}}$`),
      `must be a 0x-prefixed ${bytes}-byte hex string`,
    );
// uint256 as the EIP-3009 fields carry it: a decimal string (x402 clients) or a plain integer.
const uint = z.union([z.string().regex(/^\d{1,78}$/), z.number().int().nonnegative()], {
  error: "must be an unsigned integer",
});

const paymentSchema = z.object({
  x402Version: z.literal(2, { error: "must be 2: only x402 version 2 payments are accepted" }),
  accepted: z.record(z.string(), z.unknown(), {
    error: "must be the payment requirement being paid",
  }),
  payload: z.object(
    {
      // 65 bytes for an EOA; contract wallets (EIP-1271/6492) send longer signatures.
      signature: z
        .string({ error: "is required" })
        .regex(/^0x(?:[0-9a-fA-F]{2}){65,4096}$/, "must be a 0x-prefixed hex signature"),
      authorization: z.object(
        {
          from: hex(20),
          to: hex(20),
          value: uint,
          validAfter: uint,
          validBefore: uint,
          nonce: hex(32),
        },
        {
          error:
            "must be an EIP-3009 transferWithAuthorization: only exact EIP-3009 payments are accepted",
        },
      ),
    },
    { error: "must be an object with signature and authorization" },
  ),
});

/**
 * Decodes and checks the shape of a PAYMENT-SIGNATURE header before anything acts on it, so a
 * malformed payment is refused with the part that is wrong instead of failing deeper down.
 */
export function decodePayment(header: string): DecodedPayment {
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header);
  } catch {
    return { ok: false, part: "PAYMENT-SIGNATURE", message: "must be base64-encoded JSON" };
  }
  if (typeof decoded !== "object" || decoded === null || Array.isArray(decoded)) {
    return {
      ok: false,
      part: "PAYMENT-SIGNATURE",
      message: "must encode a JSON object (an x402 payment payload)",
    };
  }
  const parsed = paymentSchema.safeParse(decoded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      part: issue?.path.length ? issue.path.join(".") : "PAYMENT-SIGNATURE",
      message: issue?.message ?? "is malformed",
    };
  }
  const a = parsed.data.payload.authorization;
  return {
    ok: true,
    payload: decoded as PaymentPayload,
    auth: {
      from: a.from.toLowerCase(),
      to: a.to.toLowerCase(),
      value: BigInt(a.value),
      validAfter: BigInt(a.validAfter),
      validBefore: BigInt(a.validBefore),
      nonce: a.nonce.toLowerCase(),
    },
  };
}

/** Leeway for the payer's clock against ours. */
export const CLOCK_SKEW_SECONDS = 30;

/**
 * What an authorization must agree with in the requirement it matched, checked before verify:
 * the recipient and amount, and a validity window no longer than the one we advertised (so a
 * payment can never sit unsettled for longer than that) that has begun and not yet ended.
 */
export function authorizationProblem(
  auth: Authorization,
  matched: PaymentRequirements,
  now = new Date(),
): { part: string; message: string } | null {
  const part = (field: string) => `payload.authorization.${field}`;
  if (auth.to !== matched.payTo.toLowerCase())
    return { part: part("to"), message: "must be the payTo address quoted" };
  if (auth.value !== BigInt(matched.amount))
    return { part: part("value"), message: `must be exactly the quoted amount ${matched.amount}` };
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  const skew = BigInt(CLOCK_SKEW_SECONDS);
  if (auth.validAfter > nowSeconds + skew)
    return { part: part("validAfter"), message: "must not be in the future" };
  if (auth.validBefore <= nowSeconds)
    return { part: part("validBefore"), message: "has passed: the authorization has expired" };
  if (auth.validBefore > nowSeconds + BigInt(matched.maxTimeoutSeconds) + skew) {
    return {
      part: part("validBefore"),
      message: `must be at most ${matched.maxTimeoutSeconds} seconds from now (maxTimeoutSeconds)`,
    };
  }
  return null;
}
