import { z } from "zod";
import type { Product } from "@/lib/catalog/products";
import { bodySchema } from "@/lib/requests/schemas";

/**
 * JSON Schema of a product's request body, generated from the very zod schema the route
 * validates with (input side: defaulted fields are optional).
 */
export function requestBodyJsonSchema(product: Product): Record<string, unknown> {
  const schema = z.toJSONSchema(bodySchema(product), { io: "input", target: "draft-2020-12" }) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

export function exampleBody(product: Product): Record<string, unknown> {
  return product.mode === "fixed"
    ? { prompt: "A red fox trotting through fresh snow at dawn, cinematic", ratio: "16:9" }
    : { prompt: "A red fox trotting through fresh snow at dawn, cinematic", duration: 5, resolution: "720p", ratio: "16:9", generate_audio: false };
}
