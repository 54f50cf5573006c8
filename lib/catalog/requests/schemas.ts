import { z } from "zod";
import type { CustomProduct, FixedProduct, ImageProduct, Product } from "@/lib/catalog/products";
import { RATIOS } from "@/lib/catalog/generation-spec";
import { parseImageRef } from "@/lib/catalog/requests/image-ref";
import { UPSTREAM_IMAGE_LIMITS_SUMMARY } from "@/lib/catalog/upstream-image-limits";
import { CAMERA_FIXED_NOTE } from "@/lib/catalog/camera-fixed";

/** Strict request bodies: unknown properties, wrong types and out-of-range values are refused. */

export const MAX_PROMPT_CHARS = 2000;

// C0 and C1 controls except tab and newline (CRLF counts as one): they cannot be stored (NUL) or
// mean nothing in a prompt.
const CONTROL = /(?![\t\n\r])\p{Cc}|\r(?!\n)/u;
// Half of a surrogate pair with no other half: not text, and not storable as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// What renders as nothing: whitespace, format and default-ignorable characters (zero-width
// spaces, joiners, bidi marks, variation selectors, Hangul fillers), lone marks, the Braille blank.
const INVISIBLE = /[\s\p{Z}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when a prompt has at least one character a person would see. */
export function hasVisibleCharacter(s: string): boolean {
  return s.replace(INVISIBLE, "").length > 0;
}

const prompt = z
  .string()
  .refine((s) => !CONTROL.test(s), {
    message: "must not contain control characters other than newline and tab",
  })
  .refine((s) => !LONE_SURROGATE.test(s), {
    message: "must not contain unpaired surrogates (invalid Unicode)",
  })
  .refine(hasVisibleCharacter, {
    message: "must not be empty: it needs at least one visible character",
  })
  .refine((s) => [...s].length <= MAX_PROMPT_CHARS, {
    message: `must be at most ${MAX_PROMPT_CHARS} characters`,
  })
  // JSON Schema counts code points like the refinement above does.
  .meta({
    minLength: 1,
    maxLength: MAX_PROMPT_CHARS,
    description:
      "What the clip shows. At most 2000 characters with at least one visible one; no control characters but newline and tab; no --flag directives.",
  });

const ratio = (fallback: (typeof RATIOS)[number]) =>
  z
    .enum(RATIOS)
    .default(fallback)
    .describe(`Aspect ratio; adaptive lets the model choose. Default ${fallback}.`);

export function fixedBodySchema(_product: FixedProduct) {
  return z.strictObject({ prompt, ratio: ratio("16:9") });
}

/** The parametric fields a custom clip and an animated image share. */
function parametric(product: CustomProduct | ImageProduct) {
  const { min, max, default: def } = product.durationSeconds;
  return {
    duration: z
      .number()
      .int()
      .min(min)
      .max(max)
      .default(def)
      .describe(`Seconds of video, ${min}–${max}; price scales linearly.`),
    resolution: z
      .enum(product.resolutions as [string, ...string[]])
      .default("720p")
      .describe(`Output resolution: ${product.resolutions.join(", ")}.`),
    ratio: ratio("adaptive"),
    seed: z.number().int().min(-1).max(4294967295).optional().describe("Seed, -1 for random."),
    generate_audio: z
      .boolean()
      .default(false)
      .describe("Generate synced audio; raises the per-second rate."),
    camera_fixed: z.boolean().optional().describe(CAMERA_FIXED_NOTE),
  };
}

export function customBodySchema(product: CustomProduct) {
  return z.strictObject({ prompt, ...parametric(product) });
}

const imageRef = (what: string) =>
  z
    .string()
    .max(2048)
    .refine((v) => parseImageRef(v) !== null, {
      message:
        'must be an upload id ("upl_" + 64 hex, from POST /uploads) or an https URL of a JPEG, PNG or WebP image',
    })
    .describe(
      `${what}: an upload id from POST /uploads ("upl_…") or an https URL of a JPEG, PNG or WebP image (at most 2048 characters). The picture must have ${UPSTREAM_IMAGE_LIMITS_SUMMARY}. Screened before any quote.`,
    );

export function imageBodySchema(product: ImageProduct) {
  return z.strictObject({
    image: imageRef("The first frame"),
    last_image: imageRef(
      "The last frame (optional): the clip moves from the first image to this one",
    ).optional(),
    prompt: prompt
      .optional()
      .describe(
        "How the picture moves (optional). Same rules as a text prompt: at most 2000 characters, no --flag directives.",
      ),
    ...parametric(product),
    ratio: z
      .enum(RATIOS)
      .default("adaptive")
      .describe(
        "Aspect ratio; adaptive (default) takes the supported ratio nearest to the first image's.",
      ),
  });
}

export function bodySchema(product: Product) {
  return product.mode === "fixed" ? fixedBodySchema(product) : customBodySchema(product);
}

export type FixedBody = z.output<ReturnType<typeof fixedBodySchema>>;
export type CustomBody = z.output<ReturnType<typeof customBodySchema>>;
export type ImageBody = z.output<ReturnType<typeof imageBodySchema>>;
