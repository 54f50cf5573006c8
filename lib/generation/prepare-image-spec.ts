import { createHash } from "node:crypto";
import { problem } from "@/lib/api/problem";
import type { ImageProduct } from "@/lib/catalog/products";
import type { Env } from "@/lib/env";
import {
  ImageProblem,
  type ImageRef,
  resolveImage,
  screenImage,
  type StoredImage,
} from "@/lib/images";
import { nearestRatio } from "@/lib/providers/frame-size";
import type { FrameImage, GenerationSpec } from "@/lib/providers/types";
import { parseImageGenerationBody } from "@/lib/requests/parse-image-generation";
import { screenPrompt } from "@/lib/screening/screen-prompt";
import type { RequestNotes } from "@/lib/generation/process-generate";

export type Prepared = { ok: true; spec: GenerationSpec } | { ok: false; response: Response };

const frame = (image: StoredImage): FrameImage => ({
  id: image.id,
  mime: image.mime,
  width: image.width,
  height: image.height,
});

/**
 * Steps 2–3 for image-to-video, all before any quote: the body, the prompt's screen (when there
 * is a prompt), then each image resolved (upload look-up or safe fetch: 4xx on failure) and
 * screened (403 content_policy, counted toward the abuse block like a refused prompt).
 */
export async function prepareImageSpec(
  product: ImageProduct,
  bytes: Uint8Array,
  env: Env,
  notes: RequestNotes,
): Promise<Prepared> {
  const parsed = parseImageGenerationBody(product, bytes);
  if (!parsed.ok) {
    const first = parsed.errors[0];
    return {
      ok: false,
      response: problem(
        "invalid_request",
        first ? `${first.field}: ${first.message}` : "Invalid body.",
        { extra: { errors: parsed.errors } },
      ),
    };
  }
  const req = parsed.request;
  if (req.prompt !== null) {
    notes.promptHash = createHash("sha256").update(req.prompt).digest("hex");
    const verdict = await screenPrompt(req.prompt, env.moderation);
    if (!verdict.allowed)
      return {
        ok: false,
        response: problem("content_policy", verdict.reason, {
          extra: { category: verdict.category },
        }),
      };
  }

  const images: { field: "image" | "last_image"; image: StoredImage }[] = [];
  for (const [field, ref] of [
    ["image", req.first],
    ["last_image", req.last],
  ] as ["image" | "last_image", ImageRef | null][]) {
    if (!ref) continue;
    try {
      images.push({ field, image: await resolveImage(ref) });
    } catch (error) {
      if (error instanceof ImageProblem) {
        return {
          ok: false,
          response: problem(error.code, `${field}: ${error.message}`, {
            extra: { errors: [{ field, message: error.message }] },
          }),
        };
      }
      throw error;
    }
  }
  notes.imageIds = images.map((i) => i.image.id);
  for (const { field, image } of images) {
    const verdict = await screenImage(image.bytes);
    if (!verdict.allowed) {
      return {
        ok: false,
        response: problem("content_policy", `${field}: ${verdict.reason}`, {
          extra: {
            category: verdict.category,
            errors: [{ field, message: "refused by the image policy" }],
          },
        }),
      };
    }
  }
  const [first, last] = images;
  if (!first) throw new Error("an image request without its first image");

  return {
    ok: true,
    spec: {
      model: product.model,
      prompt: req.prompt ?? "",
      durationSeconds: req.durationSeconds,
      resolution: req.resolution,
      // Fixed here, so the quote, the hash and every upstream see the same frame shape.
      ratio:
        req.ratio === "adaptive" ? nearestRatio(first.image.width, first.image.height) : req.ratio,
      seed: req.seed,
      generateAudio: req.generateAudio,
      cameraFixed: req.cameraFixed,
      images: { first: frame(first.image), last: last ? frame(last.image) : null },
    },
  };
}
