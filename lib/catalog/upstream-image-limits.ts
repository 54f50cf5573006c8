/**
 * What every upstream takes as an input image. fal and Replicate host the same Seedance model and
 * pass images on to it, so the strictest is BytePlus ModelArk's own list for `image_url`
 * (Video Generation API, https://docs.byteplus.com/en/docs/ModelArk/1520757, create task →
 * content → image_url.url): jpeg, png, webp, bmp, tiff or gif; width/height within 0.4–2.5; each
 * side at least 300 px and at most 6000 px; under 30 MB. The service only ever sends its own
 * re-encoded JPEG, PNG or WebP, so the format needs no check here.
 */
export const UPSTREAM_IMAGE_LIMITS = {
  minSide: 300,
  maxSide: 6000,
  /** width / height, inclusive: 2:5 … 5:2. */
  minAspect: 0.4,
  maxAspect: 2.5,
  /** Strictly below. */
  maxBytes: 30 * 1024 * 1024,
} as const;

/**
 * The limits in words, for every description of an image field. The 6000 px ceiling is left out:
 * the service's own cap on a side (MAX_IMAGE_SIDE) is lower, so it never decides.
 */
export const UPSTREAM_IMAGE_LIMITS_SUMMARY = `each side at least ${UPSTREAM_IMAGE_LIMITS.minSide} px and width:height between 2:5 and 5:2 (${UPSTREAM_IMAGE_LIMITS.minAspect}–${UPSTREAM_IMAGE_LIMITS.maxAspect}), what the video models take; anything else is refused with 403 image_outside_model_limits before any quote`;

export type ImageShape = { width: number; height: number; bytes?: number };

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "5:1" for 3000×600; a ratio without small whole terms reads "3.34:1" (or "1:3.34"). */
export function describeAspect(width: number, height: number): string {
  const d = gcd(width, height);
  const [w, h] = [width / d, height / d];
  if (w <= 50 && h <= 50) return `${w}:${h}`;
  return width >= height ? `${(width / height).toFixed(2)}:1` : `1:${(height / width).toFixed(2)}`;
}

/**
 * null when every upstream would take an image of this shape, else what to fix, said to the
 * payer (one sentence per limit broken). Judged on the pixels actually sent: after the EXIF
 * orientation is applied, as re-encoded by the service.
 */
export function upstreamImageProblem({ width, height, bytes }: ImageShape): string | null {
  const { minSide, maxSide, minAspect, maxAspect, maxBytes } = UPSTREAM_IMAGE_LIMITS;
  const size = `${width}×${height}`;
  const problems: string[] = [];
  if (Math.min(width, height) < minSide)
    problems.push(
      `The image must be at least ${minSide} px on each side — this one is ${size}; use a larger picture.`,
    );
  if (Math.max(width, height) > maxSide)
    problems.push(
      `The image may be at most ${maxSide} px on its longest side — this one is ${size}; scale it down.`,
    );
  const aspect = width / height;
  if (aspect < minAspect || aspect > maxAspect)
    problems.push(
      `The image's shape (width:height) must be between 2:5 and 5:2 — this one is ${describeAspect(width, height)} (${size}); crop it closer to square.`,
    );
  if (bytes !== undefined && bytes >= maxBytes)
    problems.push(
      `The image file must be under ${maxBytes / (1024 * 1024)} MB — this one is ${(bytes / (1024 * 1024)).toFixed(1)} MB.`,
    );
  return problems.length ? problems.join(" ") : null;
}
