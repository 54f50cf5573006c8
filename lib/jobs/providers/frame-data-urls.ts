import { type ImageLoader, ProviderFailure } from "@/lib/jobs/providers/types";
import type { GenerationSpec } from "@/lib/catalog";

export type FrameUrls = { first: string; last: string | null };

/**
 * The frame images of a spec as `data:` URLs, which both Ark and fal accept wherever an image
 * URL goes. Inline rather than a signed link to our store: the store may be a local disk no
 * upstream can reach, a queued upstream task may fetch after a link expires, and nothing of a
 * payer's picture is published. Our images are re-encoded and size-capped, far under either
 * upstream's request limit.
 */
export async function frameDataUrls(
  spec: GenerationSpec,
  loadImage: ImageLoader | undefined,
): Promise<FrameUrls | null> {
  const images = spec.images;
  if (!images) return null;
  if (!loadImage)
    throw new ProviderFailure({
      code: "upstream_failed",
      message: "This upstream cannot read frame images.",
      retryable: true,
    });
  const load = async (id: string) => {
    const image = await loadImage(id).catch(() => {
      throw new ProviderFailure({
        code: "image_unavailable",
        message: "A frame image of this job could not be read.",
        retryable: true,
      });
    });
    return `data:${image.mime};base64,${image.bytes.toString("base64")}`;
  };
  return {
    first: await load(images.first.id),
    last: images.last ? await load(images.last.id) : null,
  };
}
