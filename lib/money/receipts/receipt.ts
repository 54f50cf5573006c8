import "server-only";
import type { SettleResponse } from "@x402/core/types";
import {
  createJWS,
  type JWSSignedReceipt,
  OFFER_RECEIPT,
  type ReceiptPayload,
} from "@x402/extensions/offer-receipt";
import { jwsSigner } from "@/lib/money/receipts/issuer";
import { getReceiptKey } from "@/lib/money/receipts/signing-key";

/**
 * The extension's receipt payload (version, network, resourceUrl, payer, issuedAt, transaction)
 * plus what this service sold: the job, its SKU, and the amount of which asset went to whom. All
 * of it is inside the JWS, so changing any field breaks the signature.
 */
export type JobReceiptPayload = ReceiptPayload & {
  jobId: string;
  sku: string;
  /** Atomic units of `asset` (USDC: 6 decimals). */
  amount: string;
  asset: string;
  payTo: string;
};

/** A signed receipt as JWS (EdDSA), verifiable offline against the key in the DID document. */
export async function signReceipt(
  fields: Omit<JobReceiptPayload, "version">,
  baseUrl: string,
): Promise<JWSSignedReceipt> {
  const payload: JobReceiptPayload = { version: 1, ...fields };
  return {
    format: "jws",
    signature: await createJWS(payload, jwsSigner(baseUrl, getReceiptKey())),
  };
}

// The JSON Schema the extension publishes next to a JWS receipt (spec §6.7).
const RECEIPT_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    receipt: {
      type: "object",
      properties: {
        format: { type: "string", const: "jws" },
        signature: { type: "string" },
      },
      required: ["format", "signature"],
    },
  },
  required: ["receipt"],
};

/** The settlement with its receipt where the extension puts it: extensions["offer-receipt"]. */
export function withReceipt(settlement: SettleResponse, receipt: JWSSignedReceipt): SettleResponse {
  return {
    ...settlement,
    extensions: {
      ...settlement.extensions,
      [OFFER_RECEIPT]: { info: { receipt }, schema: RECEIPT_SCHEMA },
    },
  };
}
