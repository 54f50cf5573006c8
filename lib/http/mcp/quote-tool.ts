import {
  findAnyProductBySku,
  formatUsd,
  parseGenerationBody,
  parseImageGenerationBody,
  quote,
} from "@/lib/catalog";
import { type Refusal, refusal } from "@/lib/platform";

export type Quoted = {
  sku: string;
  price_atomic: string;
  price_usd: string;
  asset: "USDC";
};

/**
 * A body priced by the one price book, after the very parse its paid call gets: an invalid body
 * is refused with the same field errors the paid call would answer.
 */
export function quoteTool(args: Record<string, unknown>): Quoted | Refusal {
  const product = typeof args.product === "string" ? findAnyProductBySku(args.product) : undefined;
  if (!product) return refusal("not_found", "No product with this sku; see the storefront tool.");
  const bytes = new TextEncoder().encode(JSON.stringify(args.params ?? {}));
  let amount: number;
  if (product.mode === "image") {
    const parsed = parseImageGenerationBody(product, bytes);
    if (!parsed.ok) return invalid(parsed.errors);
    amount = quote(product, parsed.request);
  } else {
    const parsed = parseGenerationBody(product, bytes);
    if (!parsed.ok) return invalid(parsed.errors);
    amount = quote(product, parsed.spec);
  }
  return {
    sku: product.sku,
    price_atomic: String(amount),
    price_usd: formatUsd(amount),
    asset: "USDC",
  };
}

function invalid(errors: { field: string; message: string }[]): Refusal {
  return refusal("invalid_request", "The params are not a valid body for this product.", {
    errors: errors.map((e) => ({ ...e, field: `params.${e.field}` })),
  });
}
