import { z } from "zod";
import { type CustomProduct, type FixedProduct, type Product, RATIOS } from "@/lib/catalog/products";

/** Strict request bodies: unknown properties, wrong types and out-of-range values are refused. */

export const MAX_PROMPT_CHARS = 2000;

const prompt = z
  .string()
  .refine((s) => s.trim().length > 0, { message: "must not be empty" })
  .refine((s) => [...s].length <= MAX_PROMPT_CHARS, { message: `must be at most ${MAX_PROMPT_CHARS} characters` })
  // JSON Schema counts code points like the refinement above does.
  .meta({ minLength: 1, maxLength: MAX_PROMPT_CHARS, description: "What the clip shows. At most 2000 characters; no --flag directives." });

const ratio = (fallback: (typeof RATIOS)[number]) =>
  z.enum(RATIOS).default(fallback).describe(`Aspect ratio; adaptive lets the model choose. Default ${fallback}.`);

export function fixedBodySchema(_product: FixedProduct) {
  return z.strictObject({ prompt, ratio: ratio("16:9") });
}

export function customBodySchema(product: CustomProduct) {
  const { min, max, default: def } = product.durationSeconds;
  return z.strictObject({
    prompt,
    duration: z.number().int().min(min).max(max).default(def).describe(`Seconds of video, ${min}–${max}; price scales linearly.`),
    resolution: z
      .enum(product.resolutions as [string, ...string[]])
      .default("720p")
      .describe(`Output resolution: ${product.resolutions.join(", ")}.`),
    ratio: ratio("adaptive"),
    seed: z.number().int().min(-1).max(4294967295).optional().describe("Seed, -1 for random."),
    generate_audio: z.boolean().default(false).describe("Generate synced audio; raises the per-second rate."),
    camera_fixed: z.boolean().optional().describe("Lock the camera position."),
  });
}

export function bodySchema(product: Product) {
  return product.mode === "fixed" ? fixedBodySchema(product) : customBodySchema(product);
}

export type FixedBody = z.output<ReturnType<typeof fixedBodySchema>>;
export type CustomBody = z.output<ReturnType<typeof customBodySchema>>;
export type GenerationBody = FixedBody | CustomBody;
