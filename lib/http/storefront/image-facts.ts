import { UPSTREAM_IMAGE_LIMITS, UPSTREAM_IMAGE_LIMITS_SUMMARY } from "@/lib/catalog";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, UPLOAD_TTL_MS } from "@/lib/media";

/** What every discovery surface says about getting a picture in and how it is screened. */

export const IMAGE_FORMATS = ["image/jpeg", "image/png", "image/webp"] as const;

export const UPLOAD_FACTS = {
  method: "POST",
  path: "/uploads",
  paid: false,
  description:
    'Upload a JPEG, PNG or WebP still image: the raw bytes as the body with its image Content-Type, a multipart/form-data body with the file in the field "file", or JSON {"url": "https://…"} for the service to fetch. The picture is screened at once (403 content_policy for a face or sexual content). Answers 201 {id, width, height, content_type, bytes, expires_at}; pass `id` (`upl_` + the sha256 of our re-encoded copy) as `image` or `last_image`.',
  max_bytes: MAX_IMAGE_BYTES,
  max_side_pixels: MAX_IMAGE_SIDE,
  min_side_pixels: UPSTREAM_IMAGE_LIMITS.minSide,
  aspect_ratio_range: [UPSTREAM_IMAGE_LIMITS.minAspect, UPSTREAM_IMAGE_LIMITS.maxAspect],
  formats: IMAGE_FORMATS,
  ttl_seconds: UPLOAD_TTL_MS / 1000,
} as const;

export const IMAGE_POLICY = {
  references:
    "`image` and `last_image` take an upload id from POST /uploads or an https URL; a URL is fetched once, at request time, from public addresses only, and the job renders from our copy.",
  limits: `Every picture (uploaded or fetched) must have ${UPSTREAM_IMAGE_LIMITS_SUMMARY} (checked at upload time too, on the picture after its EXIF orientation is applied).`,
  processing:
    "Every picture is decoded and re-encoded (metadata stripped, animation refused) before anything else sees it.",
  screening:
    "Every picture is screened before any quote: a real person's face (likeness) and sexual content are refused with 403 content_policy and never charged, and count toward the IP block like rejected prompts.",
  errors:
    "An upload id that is unknown (404 upload_not_found) or expired (410 upload_expired), or a URL that cannot be fetched (422 image_fetch_refused / image_fetch_failed), is refused before payment.",
} as const;
