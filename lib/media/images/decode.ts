import { createHash } from "node:crypto";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { RefusalError } from "@/lib/platform";
import type { ImageMime, StoredImage } from "@/lib/media/images/types";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;
// Re-encoding a dense photo as PNG can grow it; past this the stored copy is refused too.
const MAX_ENCODED_BYTES = 2 * MAX_IMAGE_BYTES;

/** What transparent pixels become in the stored image. */
export const FLATTEN_BACKGROUND = "#ffffff";

/** The format the bytes really are, from their magic numbers; a declared content type is never trusted. */
export function sniffImage(bytes: Uint8Array): ImageMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/** An APNG announces itself with an acTL chunk before its first IDAT; libvips would quietly keep frame one. */
function isAnimatedPng(bytes: Buffer): boolean {
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (type === "acTL") return true;
    if (type === "IDAT") return false;
    offset += 12 + length;
  }
  return false;
}

/**
 * Decodes an untrusted image and re-encodes its pixels in the same format: metadata (EXIF, GPS,
 * ICC, XMP, comments) and anything smuggled after the image data are gone, the orientation is
 * applied. Throws a RefusalError for anything that is not one still JPEG, PNG or WebP within limits.
 */
export async function normalizeImage(input: Buffer): Promise<StoredImage> {
  if (input.length > MAX_IMAGE_BYTES)
    throw new RefusalError("image_too_large", `Images are limited to ${MAX_IMAGE_BYTES} bytes.`);
  const mime = sniffImage(input);
  if (!mime)
    throw new RefusalError(
      "unsupported_image",
      "Only JPEG, PNG and WebP images are accepted (judged by their bytes, not their name or type).",
    );
  if (mime === "image/png" && isAnimatedPng(input))
    throw new RefusalError(
      "unsupported_image",
      "Animated images are not accepted; send one still frame.",
    );
  // failOn "truncated": a cut-off file is refused rather than padded with grey.
  const options = {
    failOn: "truncated" as const,
    limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE,
    autoOrient: true,
  };
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: "truncated", limitInputPixels: false }).metadata();
  } catch {
    throw new RefusalError(
      "unsupported_image",
      "The image could not be decoded (corrupt or not really an image).",
    );
  }
  if ((meta.pages ?? 1) > 1)
    throw new RefusalError(
      "unsupported_image",
      "Animated images are not accepted; send one still frame.",
    );
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    throw new RefusalError(
      "image_dimensions",
      `Images may be at most ${MAX_IMAGE_SIDE} pixels on a side (this one is ${width}x${height}).`,
    );
  }
  let out: { data: Buffer; info: OutputInfo };
  try {
    // Alpha is flattened away: every upstream (and ffmpeg, which drops alpha) then gets exactly
    // the pixels the screening saw, and nothing hides in the colour under a transparent pixel.
    const pipeline = sharp(input, options).flatten({ background: FLATTEN_BACKGROUND });
    const encoded =
      mime === "image/jpeg"
        ? pipeline.jpeg({ quality: 92 })
        : mime === "image/png"
          ? pipeline.png()
          : pipeline.webp({ quality: 92 });
    out = await encoded.toBuffer({ resolveWithObject: true });
  } catch {
    throw new RefusalError(
      "unsupported_image",
      "The image could not be decoded (corrupt, truncated or not really an image).",
    );
  }
  if (out.data.length > MAX_ENCODED_BYTES)
    throw new RefusalError(
      "image_too_large",
      "The image is too large once re-encoded; send a smaller one.",
    );
  return {
    id: imageId(out.data),
    bytes: out.data,
    mime,
    width: out.info.width,
    height: out.info.height,
  };
}

/**
 * The colour an image carries under its transparent pixels, as an opaque JPEG to screen, or null
 * when every pixel is opaque. The stored copy is flattened, so this is never sent anywhere; it is
 * screened because a picture hidden at alpha 1/255 is an attempt to slip a face past the policy.
 * Call it only on an input normalizeImage accepted.
 */
export async function hiddenColour(input: Buffer): Promise<Buffer | null> {
  const image = sharp(input, {
    limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE,
    autoOrient: true,
  });
  const meta = await image.metadata();
  if (!meta.hasAlpha) return null;
  const stats = await image.clone().stats();
  const alpha = stats.channels[stats.channels.length - 1];
  if (!alpha || alpha.min === 255) return null;
  return image.clone().removeAlpha().jpeg({ quality: 90 }).toBuffer();
}

export function imageId(bytes: Buffer): string {
  return `upl_${createHash("sha256").update(bytes).digest("hex")}`;
}
