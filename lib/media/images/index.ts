import "server-only";
import { getEnv, RefusalError } from "@/lib/platform";
import { hiddenColour, MAX_IMAGE_BYTES, normalizeImage } from "@/lib/media/images/decode";
import { readImage, saveImage } from "@/lib/media/images/image-store";
import { safeFetch } from "@/lib/media/images/safe-fetch";
import { type ImageScreener, screenImage } from "@/lib/media/images/screen-image";
import { type ImageRef, upstreamImageProblem } from "@/lib/catalog";
import type { ImageScreening, StoredImage } from "@/lib/media/images/types";
import type { VideoStore } from "@/lib/media/storage/types";

export { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "@/lib/media/images/decode";
export { UPLOAD_TTL_MS } from "@/lib/media/images/image-store";
export { type ImageScreener, screenImage };
export {
  type ImageProblemCode,
  isImageRefusal,
  type ImageScreening,
  type StoredImage,
} from "@/lib/media/images/types";

/** What taking in an image needs: the store uploads are kept in (the video store), and the screener. */
export type ImageDeps = { store: VideoStore; screenImage: ImageScreener };

export type AcceptedImage = {
  image: StoredImage;
  screening: ImageScreening;
  expiresAt: Date | null;
};

/**
 * Throws image_outside_model_limits (403) for a picture no upstream would take. Judged on the
 * stored copy, which is exactly what every upstream is sent (the service never resizes it).
 */
export function assertUpstreamAccepts(image: StoredImage): void {
  const problem = upstreamImageProblem({
    width: image.width,
    height: image.height,
    bytes: image.bytes.length,
  });
  if (problem) throw new RefusalError("image_outside_model_limits", problem);
}

/**
 * Decodes and re-encodes untrusted image bytes, screens them, and stores them only when allowed:
 * a refused picture (a face, explicit content) is never kept, not even for the 24 hours. The
 * screened bytes are the stored bytes (flattened, no alpha), which are what every upstream gets;
 * colour hidden under transparent pixels is screened as well. A picture no upstream would take
 * is refused too, after the screening (so a face in a banner still counts as a refused face),
 * and is not kept either.
 */
export async function acceptImage(bytes: Buffer, deps: ImageDeps): Promise<AcceptedImage> {
  const image = await normalizeImage(bytes);
  let screening = await deps.screenImage(image.bytes);
  const hidden = screening.allowed ? await hiddenColour(bytes) : null;
  if (hidden) screening = await deps.screenImage(hidden);
  if (!screening.allowed) return { image, screening, expiresAt: null };
  assertUpstreamAccepts(image);
  const { expiresAt } = await saveImage(deps.store, image);
  return { image, screening, expiresAt };
}

/** Fetches an image URL safely (see safeFetch); its bytes are then treated exactly like an upload. */
export async function fetchImageBytes(url: string): Promise<Buffer> {
  const { imageFetch } = getEnv();
  const { bytes } = await safeFetch(url, {
    maxBytes: MAX_IMAGE_BYTES,
    timeoutMs: imageFetch.timeoutMs,
    allowHosts: imageFetch.allowHosts,
  });
  return bytes;
}

/**
 * The image a request names, decoded; a URL is fetched now and stored under its upload id, so
 * the job renders from our copy and the URL's owner cannot swap the picture after screening.
 * The caller still runs screenImage(image.bytes) (answered from cache for an image screened here).
 * Throws image_outside_model_limits for a picture no upstream would take, before any quote.
 */
export async function resolveImage(ref: ImageRef, deps: ImageDeps): Promise<StoredImage> {
  if ("upload" in ref) {
    // An upload kept before the limits were checked at upload time is judged again here.
    const image = await loadImage(deps.store, ref.upload);
    assertUpstreamAccepts(image);
    return image;
  }
  return (await acceptImage(await fetchImageBytes(ref.url), deps)).image;
}

/** An image by upload id, for the renderer; throws upload_not_found / upload_expired. */
export async function loadImage(store: VideoStore, id: string): Promise<StoredImage> {
  const { expiresAt: _, ...image } = await readImage(store, id);
  return image;
}
