import "server-only";
import { getEnv } from "@/lib/env";
import { MAX_IMAGE_BYTES, normalizeImage } from "@/lib/images/decode";
import { readImage, saveImage } from "@/lib/images/image-store";
import { safeFetch } from "@/lib/images/safe-fetch";
import { screenImage } from "@/lib/images/screen-image";
import type { ImageRef, StoredImage } from "@/lib/images/types";
import { getVideoStore } from "@/lib/storage/store";

export { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "@/lib/images/decode";
export { UPLOAD_TTL_MS } from "@/lib/images/image-store";
export { imageRefSchema, parseImageRef } from "@/lib/images/ref";
export { screenImage };
export { ImageProblem, type ImageProblemCode, type ImageRef, type ImageScreening, type StoredImage } from "@/lib/images/types";

/** Decodes, re-encodes and stores untrusted image bytes; the answer carries the upload id. */
export async function storeImage(bytes: Buffer): Promise<StoredImage & { expiresAt: Date }> {
  const image = await normalizeImage(bytes);
  const { expiresAt } = await saveImage(getVideoStore(), image);
  return { ...image, expiresAt };
}

/** Fetches an image URL safely (see safeFetch), then treats its bytes exactly like an upload. */
export async function fetchImage(url: string): Promise<StoredImage & { expiresAt: Date }> {
  const { imageFetch } = getEnv();
  const { bytes } = await safeFetch(url, { maxBytes: MAX_IMAGE_BYTES, timeoutMs: imageFetch.timeoutMs, allowHosts: imageFetch.allowHosts });
  return storeImage(bytes);
}

/**
 * The image a request names, decoded and stored under its upload id (a URL is fetched now, so
 * the job renders from our copy and the URL's owner cannot swap the picture after screening).
 */
export async function resolveImage(ref: ImageRef): Promise<StoredImage> {
  if ("upload" in ref) return loadImage(ref.upload);
  return fetchImage(ref.url);
}

/** An image by upload id, for the renderer; throws upload_not_found / upload_expired. */
export async function loadImage(id: string): Promise<StoredImage> {
  const { expiresAt: _, ...image } = await readImage(getVideoStore(), id);
  return image;
}
