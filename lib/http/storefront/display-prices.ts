import {
  ALL_PRODUCTS,
  type CustomProduct,
  type FixedProduct,
  formatUsd,
  IMAGE_PRODUCTS,
  type ImageProduct,
  priceRange,
  PRODUCTS,
} from "@/lib/catalog";

/**
 * The catalog's prices as the public surfaces show them (decimal USD strings, per-second rates,
 * ranges): storefront, llms.txt and OpenAPI all render these rows.
 */

export function fixedPrices() {
  return PRODUCTS.filter((p): p is FixedProduct => p.mode === "fixed").map((p) => ({
    product: p,
    priceUsd: formatUsd(p.priceAtomic),
    priceAtomic: String(p.priceAtomic),
  }));
}

export function customPricing() {
  return perSecondPricing(PRODUCTS.filter((p): p is CustomProduct => p.mode === "custom"));
}

/** Image-to-video, priced by the same per-second book as the custom products. */
export function imagePricing() {
  return perSecondPricing(IMAGE_PRODUCTS);
}

function perSecondPricing<P extends CustomProduct | ImageProduct>(products: readonly P[]) {
  return products.map((p) => {
    const { minAtomic, maxAtomic } = priceRange(p);
    const { numerator, denominator } = p.audioMultiplier;
    return {
      product: p,
      ratesUsdPerSecond: Object.fromEntries(
        p.resolutions.map((r) => [r, formatUsd(p.ratesAtomicPerSecond[r] ?? 0)]),
      ) as Record<string, string>,
      audioMultiplier: numerator / denominator,
      fixedFeeUsd: formatUsd(p.fixedFeeAtomic),
      minUsd: formatUsd(minAtomic),
      maxUsd: formatUsd(maxAtomic),
      formula: `price = retail_usd_per_second[resolution] × duration × (generate_audio ? ${numerator / denominator} : 1) + ${formatUsd(p.fixedFeeAtomic)}, rounded up to the cent`,
    };
  });
}

/** The published pricing of a custom product, as the storefront and the OpenAPI document state it. */
export function pricingFacts(c: ReturnType<typeof perSecondPricing>[number]) {
  return {
    formula: c.formula,
    retail_usd_per_second: c.ratesUsdPerSecond,
    audio_surcharge_multiplier: c.audioMultiplier,
    fixed_fee_usd: c.fixedFeeUsd,
    min_price_usd: c.minUsd,
    max_price_usd: c.maxUsd,
  };
}

/** The cheapest and dearest call in the whole catalog, fixed and per-second products alike. */
export function catalogPriceSpan(): { minUsd: string; maxUsd: string } {
  const atomic = ALL_PRODUCTS.flatMap((p) => {
    if (p.mode === "fixed") return [p.priceAtomic];
    const { minAtomic, maxAtomic } = priceRange(p);
    return [minAtomic, maxAtomic];
  });
  return { minUsd: formatUsd(Math.min(...atomic)), maxUsd: formatUsd(Math.max(...atomic)) };
}
