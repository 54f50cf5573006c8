import { z } from "zod";

/** A job's signed receipt as the API shows it, as zod so the OpenAPI document is generated from it. */
export const receiptSchema = z
  .object({
    format: z.literal("jws"),
    signature: z
      .string()
      .describe(
        "JWS compact serialization (EdDSA, Ed25519). Payload: version, network, resourceUrl, payer, issuedAt, transaction, jobId, sku, amount (atomic units), asset, payTo. The header's kid names the key in /.well-known/did.json.",
      ),
  })
  .describe(
    "The x402 offer-receipt extension's signed receipt of the settled payment; verify it offline against the service's published key.",
  );
