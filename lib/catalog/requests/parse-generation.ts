import type { z } from "zod";
import type { Product } from "@/lib/catalog/products";
import type { GenerationSpec, Ratio, Resolution } from "@/lib/catalog/generation-spec";
import { bodySchema, type CustomBody, type FixedBody } from "@/lib/catalog/requests/schemas";

export type FieldError = { field: string; message: string };
export type ParseResult = { ok: true; spec: GenerationSpec } | { ok: false; errors: FieldError[] };

export function fieldErrors(issues: z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ field: key, message: "is not a known property" }));
    }
    const field = issue.path.length ? issue.path.join(".") : "(body)";
    return [{ field, message: issue.message }];
  });
}

// Built once per product: zod compiles a schema on its first parse, which costs more than the parse.
const schemas = new Map<string, ReturnType<typeof bodySchema>>();
function schemaOf(product: Product) {
  let schema = schemas.get(product.sku);
  if (!schema) {
    schema = bodySchema(product);
    schemas.set(product.sku, schema);
  }
  return schema;
}

/** Validated, defaulted spec for a product from the raw JSON body. */
export function parseGenerationBody(product: Product, bytes: Uint8Array): ParseResult {
  const json = decodeJsonObject(bytes);
  if (!json.ok) return json;
  const parsed = schemaOf(product).safeParse(json.value);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  return { ok: true, spec: toSpec(product, parsed.data) };
}

/** A UTF-8 JSON object, or the one error every generation body reports when it is not. */
export function decodeJsonObject(
  bytes: Uint8Array,
): { ok: true; value: object } | { ok: false; errors: FieldError[] } {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return {
      ok: false,
      errors: [{ field: "(body)", message: "must be a JSON object encoded as UTF-8" }],
    };
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { ok: false, errors: [{ field: "(body)", message: "must be a JSON object" }] };
  }
  return { ok: true, value: json };
}

function toSpec(product: Product, body: FixedBody | CustomBody): GenerationSpec {
  if (product.mode === "fixed") {
    return {
      model: product.model,
      prompt: body.prompt,
      durationSeconds: product.durationSeconds,
      resolution: product.resolution,
      ratio: body.ratio as Ratio,
      seed: null,
      generateAudio: false,
      cameraFixed: null,
    };
  }
  const custom = body as CustomBody;
  return {
    model: product.model,
    prompt: custom.prompt,
    durationSeconds: custom.duration,
    resolution: custom.resolution as Resolution,
    ratio: custom.ratio as Ratio,
    seed: custom.seed === undefined || custom.seed === -1 ? null : custom.seed,
    generateAudio: custom.generate_audio,
    cameraFixed: custom.camera_fixed ?? null,
  };
}
