import { type ImageLoader, ProviderFailure } from "@/lib/jobs/providers/types";
import type { GenerationSpec } from "@/lib/catalog";

export type FrameUrls = { first: string; last: string | null };

/** A stored frame image, as an upstream adapter turns it into the URL it sends. */
export type FrameImageBytes = { bytes: Buffer; mime: string };

/**
 * A frame inline as a `data:` URL. Inline rather than a signed link to our store: the store may
 * be a local disk no upstream can reach, a queued upstream task may fetch after a link expires,
 * and nothing of a payer's picture is published.
 */
export const dataUrl = async ({ bytes, mime }: FrameImageBytes) =>
  `data:${mime};base64,${bytes.toString("base64")}`;

/** The same frame as a Blob, for upstreams whose client uploads files. */
export const frameBlob = ({ bytes, mime }: FrameImageBytes) =>
  new Blob([new Uint8Array(bytes)], { type: mime });

/**
 * The frame images of a spec, each read from the store and turned into the URL this upstream
 * takes by `toUrl` (inline by default; fal and Replicate upload what their rules require).
 */
export async function frameUrls(
  spec: GenerationSpec,
  loadImage: ImageLoader | undefined,
  toUrl: (image: FrameImageBytes) => Promise<string> = dataUrl,
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
    return toUrl(image);
  };
  return {
    first: await load(images.first.id),
    last: images.last ? await load(images.last.id) : null,
  };
}
