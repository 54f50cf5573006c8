import type { FrameImage, ImageProduct, ImageRef, ImageRequest } from "@/lib/catalog";
import { type Env, refusal } from "@/lib/platform";
import { type ImageDeps, isImageRefusal, resolveImage, type StoredImage } from "@/lib/media";
import { nearestRatio } from "@/lib/jobs";
import { screenPrompt } from "@/lib/screening";
import type { Prepared } from "@/lib/checkout/outcome";
import { promptHashOf } from "@/lib/checkout/prompt-hash";

const frame = (image: StoredImage): FrameImage => ({
  id: image.id,
  mime: image.mime,
  width: image.width,
  height: image.height,
});

/**
 * Image-to-video, from its parsed body: the prompt's screen (when there is a prompt), then each image resolved (upload look-up or safe fetch: 4xx on failure; 403
 * image_outside_model_limits for a picture no upstream would take, so it is never paid for) and
 * screened (403 content_policy, counted toward the abuse block like a refused prompt).
 */
export async function prepareImageSpec(
  product: ImageProduct,
  req: ImageRequest,
  env: Env,
  imageDeps: ImageDeps,
): Promise<Prepared> {
  const promptHash = req.prompt !== null ? promptHashOf(req.prompt) : undefined;
  if (req.prompt !== null) {
    const verdict = await screenPrompt(req.prompt, env.moderation);
    if (!verdict.allowed)
      return {
        ...refusal("content_policy", verdict.reason, { category: verdict.category }),
        promptHash,
      };
  }

  const images: { field: "image" | "last_image"; image: StoredImage }[] = [];
  for (const [field, ref] of [
    ["image", req.first],
    ["last_image", req.last],
  ] as ["image" | "last_image", ImageRef | null][]) {
    if (!ref) continue;
    try {
      images.push({ field, image: await resolveImage(ref, imageDeps) });
    } catch (error) {
      if (isImageRefusal(error)) {
        const errors = [{ field, message: error.message }];
        return { ...refusal(error.code, `${field}: ${error.message}`, { errors }), promptHash };
      }
      throw error;
    }
  }
  const facts = { promptHash, imageIds: images.map((i) => i.image.id) };
  for (const { field, image } of images) {
    const verdict = await imageDeps.screenImage(image.bytes);
    if (!verdict.allowed) {
      const errors = [{ field, message: "refused by the image policy" }];
      const detail = `${field}: ${verdict.reason}`;
      return {
        ...refusal("content_policy", detail, { category: verdict.category, errors }),
        ...facts,
      };
    }
  }
  const [first, last] = images;
  if (!first) throw new Error("an image request without its first image");

  return {
    kind: "prepared",
    facts,
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
