/** What the image pipeline hands on: pixels only, re-encoded by us, addressed by their hash. */

export const IMAGE_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

export type StoredImage = {
  /** `upl_` + sha256 hex of `bytes`: the same pixels always get the same id. */
  id: string;
  bytes: Buffer;
  mime: ImageMime;
  width: number;
  height: number;
};

export type ImageScreening =
  | { allowed: true }
  | { allowed: false; category: "likeness" | "sexual" | "graphic_violence"; reason: string };

/** Stable codes a caller can act on; lib/api turns them into problem+json (see upload-response.ts). */
export type ImageProblemCode =
  | "upload_not_found"
  | "upload_expired"
  | "image_too_large"
  | "image_dimensions"
  | "unsupported_image"
  | "image_fetch_refused"
  | "image_fetch_failed";

/** A refusal about an image; its message is ours and safe to show (it never quotes the bytes). */
export class ImageProblem extends Error {
  constructor(
    readonly code: ImageProblemCode,
    message: string,
  ) {
    super(message);
    this.name = "ImageProblem";
  }
}
