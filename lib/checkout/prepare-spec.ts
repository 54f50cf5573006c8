import { type AnyProduct, parseGenerationBody, parseImageGenerationBody } from "@/lib/catalog";
import { type Env, type FieldError, refusal, type Refusal } from "@/lib/platform";
import type { ImageDeps } from "@/lib/media";
import { screenPrompt } from "@/lib/screening";
import type { Prepared } from "@/lib/checkout/outcome";
import { prepareImageSpec } from "@/lib/checkout/prepare-image-spec";
import { promptHashOf } from "@/lib/checkout/prompt-hash";

/** The first field error of an invalid body, as the refusal. */
export function invalidBody(errors: FieldError[]): Refusal {
  const first = errors[0];
  return refusal("invalid_request", first ? `${first.field}: ${first.message}` : "Invalid body.", {
    errors,
  });
}

/**
 * The body as a spec that passed screening, before any quote: parsed for the product's mode, then
 * the prompt's screen (and, for image-to-video, each image's).
 */
export async function prepareSpec(
  product: AnyProduct,
  bytes: Uint8Array,
  env: Env,
  images: ImageDeps,
): Promise<Prepared> {
  if (product.mode === "image") {
    const parsed = parseImageGenerationBody(product, bytes);
    return parsed.ok
      ? prepareImageSpec(product, parsed.request, env, images)
      : invalidBody(parsed.errors);
  }
  const parsed = parseGenerationBody(product, bytes);
  if (!parsed.ok) return invalidBody(parsed.errors);
  const promptHash = promptHashOf(parsed.spec.prompt);
  const verdict = await screenPrompt(parsed.spec.prompt, env.moderation);
  if (!verdict.allowed) {
    return {
      ...refusal("content_policy", verdict.reason, { category: verdict.category }),
      promptHash,
    };
  }
  return { kind: "prepared", spec: parsed.spec, facts: { promptHash } };
}
