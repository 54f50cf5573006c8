import type Replicate from "replicate";
import { dataUrl, type FrameImageBytes, frameBlob } from "@/lib/jobs/providers/frame-urls";

/**
 * Replicate takes file inputs as HTTP URLs or data URLs, and documents data URLs for small files
 * only (<= 256 kB; "Use an HTTP URL when you have a large file > 256kb", predictions.create in
 * replicate-python-beta src/replicate/resources/models/predictions.py). A larger frame goes up
 * through Replicate's files API (POST /v1/files, the client's `files.create`, as its own
 * `transformFileInputsToReplicateFileURLs` does for Blobs) and is passed as the file's URL.
 */
export const DATA_URL_MAX_BYTES = 256 * 1024;

/** A frame as Replicate takes it: inline when small, else through the files API. */
export function replicateFrameUrl(upload: (blob: Blob) => Promise<string>) {
  return async (image: FrameImageBytes): Promise<string> =>
    image.bytes.length <= DATA_URL_MAX_BYTES ? dataUrl(image) : upload(frameBlob(image));
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
