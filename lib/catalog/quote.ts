import type { AnyProduct, CustomProduct, ImageProduct } from "@/lib/catalog/products";
import type { Resolution } from "@/lib/catalog/generation-spec";

const CENT = 10_000; // atomic USDC units in one cent

export type CustomParams = {
  durationSeconds: number;
  resolution: Resolution;
  generateAudio: boolean;
};

/**
 * Exact price in atomic USDC: rate × duration × (audio ? multiplier : 1) + fixed fee,
 * rounded UP to the cent. Integer math only.
 */
export function quoteCustom(product: CustomProduct | ImageProduct, params: CustomParams): number {
  const rate = product.ratesAtomicPerSecond[params.resolution];
  if (rate === undefined)
    throw new RangeError(`${product.sku} does not offer ${params.resolution}`);
  const { numerator, denominator } = params.generateAudio
    ? product.audioMultiplier
    : { numerator: 1, denominator: 1 };
  const scaled = rate * params.durationSeconds * numerator + product.fixedFeeAtomic * denominator;
  const unit = CENT * denominator;
  const cents = (scaled - (scaled % unit)) / unit + (scaled % unit === 0 ? 0 : 1);
  return cents * CENT;
}

export function quote(product: AnyProduct, params: CustomParams | null): number {
  if (product.mode === "fixed") return product.priceAtomic;
  if (!params) throw new TypeError(`${product.sku} needs custom parameters to be priced`);
  return quoteCustom(product, params);
}

/** Cheapest and dearest price a custom product can quote. */
export function priceRange(product: CustomProduct | ImageProduct): {
  minAtomic: number;
  maxAtomic: number;
} {
  const { min, max } = product.durationSeconds;
  const prices = product.resolutions.flatMap((resolution) =>
    [min, max].flatMap((durationSeconds) =>
      [false, true].map((generateAudio) =>
        quoteCustom(product, { durationSeconds, resolution, generateAudio }),
      ),
    ),
  );
  return { minAtomic: Math.min(...prices), maxAtomic: Math.max(...prices) };
}

/** "0.96" from 960000: decimal string, never a float. */
export function formatUsd(atomic: number): string {
  const whole = Math.floor(atomic / 1_000_000);
  const frac = String(atomic % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "");
  return frac.length < 2 ? `${whole}.${frac.padEnd(2, "0")}` : `${whole}.${frac}`;
}
