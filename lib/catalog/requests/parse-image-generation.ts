import type { ImageProduct } from "@/lib/catalog/products";
import { type ImageRef, parseImageRef } from "@/lib/catalog/requests/image-ref";
import type { RenderParams, Resolution } from "@/lib/catalog/generation-spec";
import {
  decodeJsonObject,
  type FieldError,
  fieldErrors,
} from "@/lib/catalog/requests/parse-generation";
import { imageBodySchema } from "@/lib/catalog/requests/schemas";

/**
 * A validated image-to-video body; the images are still references until resolved. Its ratio may
 * still be adaptive: it becomes a concrete ratio once the first image's size is known.
 */
export type ImageRequest = RenderParams & {
  first: ImageRef;
  last: ImageRef | null;
  /** null when the body has none: the picture alone says what moves. */
  prompt: string | null;
};

export type ImageParseResult =
  | { ok: true; request: ImageRequest }
  | { ok: false; errors: FieldError[] };

export function parseImageGenerationBody(
  product: ImageProduct,
  bytes: Uint8Array,
): ImageParseResult {
  const json = decodeJsonObject(bytes);
  if (!json.ok) return json;
  const parsed = imageBodySchema(product).safeParse(json.value);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
  const body = parsed.data;
  // The schema already refused anything parseImageRef rejects.
  const ref = (value: string) => parseImageRef(value) as ImageRef;
  return {
    ok: true,
    request: {
      first: ref(body.image),
      last: body.last_image === undefined ? null : ref(body.last_image),
      prompt: body.prompt ?? null,
      durationSeconds: body.duration,
      resolution: body.resolution as Resolution,
      ratio: body.ratio,
      seed: body.seed === undefined || body.seed === -1 ? null : body.seed,
      generateAudio: body.generate_audio,
      cameraFixed: body.camera_fixed ?? null,
    },
  };
}
