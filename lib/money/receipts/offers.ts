import "server-only";
import type { PaymentRequirements } from "@x402/core/types";
import { createOfferJWS, OFFER_RECEIPT } from "@x402/extensions/offer-receipt";
import { jwsSigner } from "@/lib/money/receipts/issuer";
import { getReceiptKey } from "@/lib/money/receipts/signing-key";

// The JSON Schema the extension publishes next to JWS offers (spec §6.3).
const OFFERS_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: {
    offers: {
      type: "array",
      items: {
        type: "object",
        properties: {
          format: { type: "string", const: "jws" },
          acceptIndex: { type: "integer" },
          signature: { type: "string" },
        },
        required: ["format", "signature"],
      },
    },
  },
  required: ["offers"],
};

/**
 * The 402's `offer-receipt` extension: one signed offer per accepted requirement, valid as long
 * as a payment signed for it may be (maxTimeoutSeconds), so a client can prove what was quoted.
 */
export async function signedOffers(
  requirements: PaymentRequirements[],
  resourceUrl: string,
  baseUrl: string,
): Promise<Record<string, unknown>> {
  const signer = jwsSigner(baseUrl, getReceiptKey());
  const offers = await Promise.all(
    requirements.map((r, acceptIndex) =>
      createOfferJWS(
        resourceUrl,
        {
          acceptIndex,
          scheme: r.scheme,
          network: r.network,
          asset: r.asset,
          payTo: r.payTo,
          amount: r.amount,
          offerValiditySeconds: r.maxTimeoutSeconds,
        },
        signer,
      ),
    ),
  );
  return { [OFFER_RECEIPT]: { info: { offers }, schema: OFFERS_SCHEMA } };
}
