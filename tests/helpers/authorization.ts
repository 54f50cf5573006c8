import { randomBytes } from "node:crypto";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { authorizationTypes } from "@x402/evm";
import { getAddress, toHex } from "viem";
import { devnetAccount } from "@/lib/devnet/accounts";

/** EIP-3009 TransferWithAuthorization, as the token signs it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = authorizationTypes;

export type AuthorizationOverrides = {
  to?: string;
  value?: bigint;
  validAfter?: bigint;
  validBefore?: bigint;
  /** Changes to what the payment claims to pay (and the EIP-712 domain it is signed for). */
  accepted?: Partial<PaymentRequirements>;
  chainId?: number;
};

/**
 * A genuinely signed EIP-3009 payment for a quote, shaped as the stock x402 client shapes it,
 * with any field chosen by the caller: what a hostile client can send, signature and all.
 */
export async function signedPayment(
  index: number,
  required: PaymentRequired,
  o: AuthorizationOverrides = {},
) {
  const account = devnetAccount(index);
  const accepted = { ...(required.accepts[0] as PaymentRequirements), ...o.accepted };
  const now = BigInt(Math.floor(Date.now() / 1000));
  const authorization = {
    from: account.address,
    to: getAddress(o.to ?? accepted.payTo),
    value: o.value ?? BigInt(accepted.amount),
    validAfter: o.validAfter ?? 0n,
    validBefore: o.validBefore ?? now + BigInt(accepted.maxTimeoutSeconds),
    nonce: toHex(randomBytes(32)),
  };
  const extra = accepted.extra as { name: string; version: string };
  const signature = await account.signTypedData({
    domain: {
      name: extra.name,
      version: extra.version,
      chainId: o.chainId ?? 31337,
      verifyingContract: getAddress(accepted.asset),
    },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: authorization,
  });
  const fields = Object.fromEntries(
    Object.entries(authorization).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]),
  );
  return {
    x402Version: 2,
    resource: required.resource,
    accepted,
    payload: { authorization: fields, signature },
  };
}

/** Any value as a PAYMENT-SIGNATURE header: base64 of its JSON. */
export function asHeader(value: unknown): string {
  return encodePaymentSignatureHeader(value as never);
}
