import { z } from "zod";
import type { AnyProduct } from "@/lib/catalog/products";
import { bodySchema, imageBodySchema } from "@/lib/catalog/requests/schemas";

/**
 * JSON Schema of a product's request body, generated from the very zod schema the route
 * validates with (input side: defaulted fields are optional).
 */
export function requestBodyJsonSchema(product: AnyProduct): Record<string, unknown> {
  return toSchema(
    product.mode === "image" ? imageBodySchema(product) : bodySchema(product),
    "input",
  );
}

/**
 * A zod schema as the JSON Schema (2020-12) the published documents carry: `input` for what a
 * client may send (defaulted fields optional), `output` for what the service answers.
 */
export function toSchema(
  schema: z.ZodType,
  io: "input" | "output" = "output",
): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const EXAMPLE_PROMPT = "A red fox trotting through fresh snow at dawn, cinematic";
/** An upload id as POST /uploads returns it (the sha256 of the stored image). */
export const EXAMPLE_UPLOAD_ID = `upl_${"9f2c4e7a1b3d5f60".repeat(4)}`;

export function exampleBody(product: AnyProduct): Record<string, unknown> {
  if (product.mode === "fixed") return { prompt: EXAMPLE_PROMPT, ratio: "16:9" };
  if (product.mode === "image") {
    return {
      image: EXAMPLE_UPLOAD_ID,
      prompt: "The camera slowly pushes in as the leaves begin to stir",
      duration: 5,
      resolution: "720p",
      ratio: "adaptive",
      generate_audio: false,
    };
  }
  return {
    prompt: EXAMPLE_PROMPT,
    duration: 5,
    resolution: "720p",
    ratio: "16:9",
    generate_audio: false,
  };
}
