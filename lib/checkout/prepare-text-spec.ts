import { createHash } from "node:crypto";
import type { Product } from "@/lib/catalog/products";
import type { Env } from "@/lib/env";
import type { GenerationSpec } from "@/lib/providers/types";
import { parseGenerationBody } from "@/lib/requests/parse-generation";
import { screenPrompt } from "@/lib/screening/screen-prompt";
import { type FieldError, type Refused, type RequestFacts, refused } from "@/lib/checkout/outcome";

/** A body turned into a spec that passed screening, or the refusal (with what it revealed). */
export type Prepared = { kind: "prepared"; spec: GenerationSpec; facts: RequestFacts } | Refused;

/** The first field error of an invalid body, as the refusal. */
export function invalidBody(errors: FieldError[]): Refused {
  const first = errors[0];
  return refused("invalid_request", first ? `${first.field}: ${first.message}` : "Invalid body.", {
    errors,
  });
}

export const promptHashOf = (prompt: string) => createHash("sha256").update(prompt).digest("hex");

/** A text product, before any quote: the body, then the prompt's screen. */
export async function prepareTextSpec(
  product: Product,
  bytes: Uint8Array,
  env: Env,
): Promise<Prepared> {
  const parsed = parseGenerationBody(product, bytes);
  if (!parsed.ok) return invalidBody(parsed.errors);
  const promptHash = promptHashOf(parsed.spec.prompt);
  const verdict = await screenPrompt(parsed.spec.prompt, env.moderation);
  if (!verdict.allowed) {
    return refused("content_policy", verdict.reason, { category: verdict.category, promptHash });
  }
  return { kind: "prepared", spec: parsed.spec, facts: { promptHash } };
}
