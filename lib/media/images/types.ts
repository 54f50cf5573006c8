import { isRefusalError, type RefusalError } from "@/lib/platform";

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

/**
 * The codes the image pipeline refuses a picture with (thrown as RefusalError); its detail is
 * ours and safe to show (it never quotes the bytes).
 */
export const IMAGE_PROBLEM_CODES = [
  "upload_not_found",
  "upload_expired",
  "image_too_large",
  "image_dimensions",
  "image_outside_model_limits",
  "unsupported_image",
  "image_fetch_refused",
  "image_fetch_failed",
] as const;

export type ImageProblemCode = (typeof IMAGE_PROBLEM_CODES)[number];

/** A refusal about the picture itself, as opposed to the service being busy or the client limited. */
export function isImageRefusal(error: unknown): error is RefusalError & { code: ImageProblemCode } {
  return isRefusalError(error) && (IMAGE_PROBLEM_CODES as readonly string[]).includes(error.code);
}
