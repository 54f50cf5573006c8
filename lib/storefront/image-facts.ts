import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, UPLOAD_TTL_MS } from "@/lib/images";

/** What every discovery surface says about getting a picture in and how it is screened. */

export const IMAGE_FORMATS = ["image/jpeg", "image/png", "image/webp"] as const;

export const UPLOAD_FACTS = {
  method: "POST",
  path: "/uploads",
  paid: false,
  description:
    "Upload a JPEG, PNG or WebP still image (the raw bytes as the request body with its image Content-Type, or one file in a multipart/form-data field). Answers 201 with the upload id (`upl_` + the sha256 of our re-encoded copy) to pass as `image` or `last_image`.",
  max_bytes: MAX_IMAGE_BYTES,
  max_side_pixels: MAX_IMAGE_SIDE,
  formats: IMAGE_FORMATS,
  ttl_seconds: UPLOAD_TTL_MS / 1000,
} as const;

export const IMAGE_POLICY = {
  references: "`image` and `last_image` take an upload id from POST /uploads or an https URL; a URL is fetched once, at request time, from public addresses only, and the job renders from our copy.",
  processing: "Every picture is decoded and re-encoded (metadata stripped, animation refused) before anything else sees it.",
  screening:
    "Every picture is screened before any quote: a real person's face (likeness) and sexual content are refused with 403 content_policy and never charged, and count toward the IP block like rejected prompts.",
  errors: "An upload id that is unknown (404 upload_not_found) or expired (410 upload_expired), or a URL that cannot be fetched (422 image_fetch_refused / image_fetch_failed), is refused before payment.",
} as const;
