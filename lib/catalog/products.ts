import type { ModelId, Resolution } from "@/lib/providers/types";

/** The price book: every surface (402, /, /llms.txt, /openapi.json, studio) reads these objects. */

export const RATIOS = ["16:9", "4:3", "1:1", "3:4", "9:16", "21:9", "adaptive"] as const;

type ProductBase = {
  sku: string;
  family: "alpha" | "alpha-fast";
  product: "5s-720p" | "custom";
  model: ModelId;
  path: string;
  operationId: string;
  title: string;
  description: string;
};

export type FixedProduct = ProductBase & {
  mode: "fixed";
  /** Atomic USDC (6 decimals). */
  priceAtomic: number;
  durationSeconds: number;
  resolution: Resolution;
};

export type CustomProduct = ProductBase & {
  mode: "custom";
  resolutions: readonly Resolution[];
  /** Atomic USDC per second of output, by resolution. */
  ratesAtomicPerSecond: Partial<Record<Resolution, number>>;
  /** Multiplier for generate_audio, as a fraction so the math stays in integers. */
  audioMultiplier: { numerator: number; denominator: number };
  fixedFeeAtomic: number;
  durationSeconds: { min: number; max: number; default: number };
};

export type Product = FixedProduct | CustomProduct;

const AUDIO = { numerator: 5, denominator: 4 } as const;
const DURATION = { min: 4, max: 15, default: 5 } as const;

export const PRODUCTS: readonly Product[] = [
  {
    sku: "alpha-5s-720p",
    family: "alpha",
    product: "5s-720p",
    model: "alpha-2.0",
    path: "/generate/alpha/5s-720p",
    operationId: "generate_alpha_5s_720p",
    title: "alpha 5 s 720p",
    description: "A 5-second 720p MP4 clip from alpha-2.0, the highest-quality model.",
    mode: "fixed",
    priceAtomic: 960_000,
    durationSeconds: 5,
    resolution: "720p",
  },
  {
    sku: "alpha-fast-5s-720p",
    family: "alpha-fast",
    product: "5s-720p",
    model: "alpha-2.0-fast",
    path: "/generate/alpha-fast/5s-720p",
    operationId: "generate_alpha_fast_5s_720p",
    title: "alpha-fast 5 s 720p",
    description: "A 5-second 720p MP4 clip from alpha-2.0-fast, faster and cheaper.",
    mode: "fixed",
    priceAtomic: 910_000,
    durationSeconds: 5,
    resolution: "720p",
  },
  {
    sku: "alpha-custom",
    family: "alpha",
    product: "custom",
    model: "alpha-2.0",
    path: "/generate/alpha/custom",
    operationId: "generate_alpha_custom",
    title: "alpha custom",
    description: "A parametric clip from alpha-2.0: 4–15 s, 480p/720p/1080p, any ratio, optional audio.",
    mode: "custom",
    resolutions: ["480p", "720p", "1080p"],
    ratesAtomicPerSecond: { "480p": 112_000, "720p": 192_000, "1080p": 480_000 },
    audioMultiplier: AUDIO,
    fixedFeeAtomic: 0,
    durationSeconds: DURATION,
  },
  {
    sku: "alpha-fast-custom",
    family: "alpha-fast",
    product: "custom",
    model: "alpha-2.0-fast",
    path: "/generate/alpha-fast/custom",
    operationId: "generate_alpha_fast_custom",
    title: "alpha-fast custom",
    description: "A parametric clip from alpha-2.0-fast: 4–15 s, 480p/720p, any ratio, optional audio.",
    mode: "custom",
    resolutions: ["480p", "720p"],
    ratesAtomicPerSecond: { "480p": 65_000, "720p": 182_000 },
    audioMultiplier: AUDIO,
    fixedFeeAtomic: 0,
    durationSeconds: DURATION,
  },
];

export function findProduct(family: string, product: string): Product | undefined {
  return PRODUCTS.find((p) => p.family === family && p.product === product);
}

export function findProductBySku(sku: string): Product | undefined {
  return PRODUCTS.find((p) => p.sku === sku);
}
