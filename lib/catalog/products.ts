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

/**
 * The per-second book, stated once: a custom clip and an animated image of the same model,
 * resolution, duration and audio cost the same.
 */
const PER_SECOND = {
  alpha: {
    resolutions: ["480p", "720p", "1080p"],
    ratesAtomicPerSecond: { "480p": 112_000, "720p": 192_000, "1080p": 480_000 },
  },
  "alpha-fast": {
    resolutions: ["480p", "720p"],
    ratesAtomicPerSecond: { "480p": 65_000, "720p": 182_000 },
  },
} as const satisfies Record<
  string,
  { resolutions: readonly Resolution[]; ratesAtomicPerSecond: Partial<Record<Resolution, number>> }
>;

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
    description:
      "A parametric clip from alpha-2.0: 4–15 s, 480p/720p/1080p, any ratio, optional audio.",
    mode: "custom",
    ...PER_SECOND.alpha,
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
    description:
      "A parametric clip from alpha-2.0-fast: 4–15 s, 480p/720p, any ratio, optional audio.",
    mode: "custom",
    ...PER_SECOND["alpha-fast"],
    audioMultiplier: AUDIO,
    fixedFeeAtomic: 0,
    durationSeconds: DURATION,
  },
];

/**
 * Image-to-video: the picture is the first frame (and optionally another the last). Priced by
 * the same per-second book as the custom products; kept apart from PRODUCTS, whose four text
 * products are the original contract.
 */
export type ImageProduct = Omit<CustomProduct, "mode" | "product"> & {
  mode: "image";
  product: "image-to-video";
};

export const IMAGE_PRODUCTS: readonly ImageProduct[] = [
  {
    sku: "alpha-i2v",
    family: "alpha",
    product: "image-to-video",
    model: "alpha-2.0",
    path: "/generate/alpha/image-to-video",
    operationId: "generate_alpha_image_to_video",
    title: "alpha image-to-video",
    description:
      "Animates an image with alpha-2.0 (optionally toward a last frame): 4–15 s, 480p/720p/1080p, ratio from the image by default, optional audio.",
    mode: "image",
    ...PER_SECOND.alpha,
    audioMultiplier: AUDIO,
    fixedFeeAtomic: 0,
    durationSeconds: DURATION,
  },
  {
    sku: "alpha-fast-i2v",
    family: "alpha-fast",
    product: "image-to-video",
    model: "alpha-2.0-fast",
    path: "/generate/alpha-fast/image-to-video",
    operationId: "generate_alpha_fast_image_to_video",
    title: "alpha-fast image-to-video",
    description:
      "Animates an image with alpha-2.0-fast (optionally toward a last frame): 4–15 s, 480p/720p, ratio from the image by default, optional audio.",
    mode: "image",
    ...PER_SECOND["alpha-fast"],
    audioMultiplier: AUDIO,
    fixedFeeAtomic: 0,
    durationSeconds: DURATION,
  },
];

export type AnyProduct = Product | ImageProduct;

/** Every paid product: the text ones, then the image ones. */
export const ALL_PRODUCTS: readonly AnyProduct[] = [...PRODUCTS, ...IMAGE_PRODUCTS];

export function findProduct(family: string, product: string): AnyProduct | undefined {
  return ALL_PRODUCTS.find((p) => p.family === family && p.product === product);
}

export function findAnyProductBySku(sku: string): AnyProduct | undefined {
  return ALL_PRODUCTS.find((p) => p.sku === sku);
}
