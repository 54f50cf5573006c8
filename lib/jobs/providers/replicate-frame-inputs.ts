import type Replicate from "replicate";
import type { GenerationSpec } from "@/lib/catalog";
import { type ImageLoader, ProviderFailure } from "@/lib/jobs/providers/types";

/**
 * Replicate takes file inputs as HTTP URLs or data URLs, and documents data URLs for small files
 * only (<= 256 kB; "Use an HTTP URL when you have a large file > 256kb", predictions.create in
 * replicate-python-beta src/replicate/resources/models/predictions.py). A larger frame goes up
 * through Replicate's files API (POST /v1/files, the client's `files.create`, as its own
 * `transformFileInputsToReplicateFileURLs` does for Blobs) and is passed as the file's URL.
 */
export const DATA_URL_MAX_BYTES = 256 * 1024;

export type FrameInputs = { image: string; last_frame_image?: string };

const IMAGE_UNAVAILABLE = {
  code: "image_unavailable",
  message: "A frame image of this job could not be read.",
  retryable: true,
} as const;

export async function frameInputs(
  spec: GenerationSpec,
  loadImage: ImageLoader | undefined,
  upload: (blob: Blob) => Promise<string>,
): Promise<FrameInputs | null> {
  const images = spec.images;
  if (!images) return null;
  if (!loadImage)
    throw new ProviderFailure({
      code: "upstream_failed",
      message: "This upstream cannot read frame images.",
      retryable: true,
    });
  const input = async (id: string) => {
    const { bytes, mime } = await loadImage(id).catch(() => {
      throw new ProviderFailure(IMAGE_UNAVAILABLE);
    });
    if (bytes.length <= DATA_URL_MAX_BYTES)
      return `data:${mime};base64,${bytes.toString("base64")}`;
    return upload(new Blob([new Uint8Array(bytes)], { type: mime }));
  };
  const image = await input(images.first.id);
  return images.last ? { image, last_frame_image: await input(images.last.id) } : { image };
}

/** The URL Replicate serves an uploaded file at, for a model to read. */
export async function uploadFile(
  client: Replicate,
  blob: Blob,
  signal: AbortSignal,
): Promise<string> {
  const file = await client.files.create(blob, {}, { signal });
  const url = file?.urls?.get;
  if (typeof url !== "string" || !url) throw new Error("the files API returned no URL");
  return url;
}
