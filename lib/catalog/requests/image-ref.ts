import { z } from "zod";

/** A request names an image either by an upload id (`upl_<sha256 hex>`) or by an https URL we fetch. */
export type ImageRef = { upload: string } | { url: string };

export const UPLOAD_ID = /^upl_[0-9a-f]{64}$/;

const MAX_URL_LENGTH = 2048;

/**
 * A request field naming an image: an upload id from POST /uploads, or an https URL. Only the
 * syntax is checked here; whether the URL may be fetched is decided at fetch time, after DNS.
 */
export function parseImageRef(value: string): ImageRef | null {
  if (UPLOAD_ID.test(value)) return { upload: value };
  if (value.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // http is accepted only where the operator allows private fetches (tests); vetted again at fetch time.
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  return { url: url.toString() };
}

export const imageRefSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .transform((value, ctx) => {
    const ref = parseImageRef(value);
    if (!ref) {
      ctx.addIssue({
        code: "custom",
        message:
          'must be an upload id ("upl_" + 64 hex, from POST /uploads) or an https URL of a JPEG, PNG or WebP image',
      });
      return z.NEVER;
    }
    return ref;
  });
