import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { type AnyProduct, ALL_PRODUCTS, requestBodyJsonSchema } from "@/lib/catalog";
import { customPricing, fixedPrices, imagePricing } from "@/lib/http/storefront/display-prices";

/** A paid tool: one per product of the price book, named after its operation. */
export type PaidTool = { tool: Tool; product: AnyProduct };

/** A paid product's tool name: its OpenAPI operationId (generate_alpha_fast_custom, …). */
export function paidToolName(product: AnyProduct): string {
  return product.operationId;
}

/** What a product costs, in the words of the price book (fixed, or per-second rates and range). */
export function priceSentence(product: AnyProduct): string {
  const fixed = fixedPrices().find((f) => f.product.sku === product.sku);
  if (fixed) return `Price: ${fixed.priceUsd} USDC (${fixed.priceAtomic} atomic units), fixed.`;
  const rated = [...customPricing(), ...imagePricing()].find((c) => c.product.sku === product.sku);
  if (!rated) return "";
  const rates = Object.entries(rated.ratesUsdPerSecond)
    .map(([resolution, usd]) => `${resolution} ${usd}`)
    .join(", ");
  return `Price: USDC per second of video (${rates}), ×${rated.audioMultiplier} with generate_audio, rounded up to the cent: ${rated.minUsd}–${rated.maxUsd} USDC. The free quote tool gives the exact amount for a body.`;
}

const PAYMENT_HOW =
  'Paid with x402: called without a payment it answers the PaymentRequired (x402Version 2, exact USDC); sign it and call again with the PaymentPayload in _meta["x402/payment"]. The settlement comes back in _meta["x402/payment-response"]; resending the same payment is never charged twice.';

export function paidTools(): PaidTool[] {
  return ALL_PRODUCTS.map((product) => ({
    product,
    tool: {
      name: paidToolName(product),
      title: product.title,
      description: `${product.description} ${priceSentence(product)} ${PAYMENT_HOW} Returns the job id and its status URL; poll job_status until the video is ready.`,
      inputSchema: requestBodyJsonSchema(product) as Tool["inputSchema"],
      annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
    },
  }));
}

export const FREE_TOOLS: Tool[] = [
  {
    name: "quote",
    title: "Quote a generation",
    description:
      "The exact price of a generation in atomic USDC (6 decimals) and USD, from the price book the paid tools charge by. Give the product's sku and the body you would send to its tool. Nothing is paid.",
    inputSchema: {
      type: "object",
      properties: {
        product: {
          type: "string",
          enum: ALL_PRODUCTS.map((p) => p.sku),
          description: "The product's sku (alpha-fast-custom, alpha-i2v, …).",
        },
        params: {
          type: "object",
          description: "The request body, exactly as the product's paid tool takes it.",
        },
      },
      required: ["product", "params"],
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: "job_status",
    title: "Job status",
    description:
      "A job as GET /jobs/{id} shows it: status and, once succeeded, the signed video URL and receipt. Free.",
    inputSchema: {
      type: "object",
      properties: { job_id: { type: "string", format: "uuid" } },
      required: ["job_id"],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  {
    name: "storefront",
    title: "Storefront",
    description:
      "The service's machine-readable storefront (GET /): products, prices, limits, payment facts. Free.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
];
