import { type Refusal, RefusalError, refusal } from "@/lib/platform";
import { isJsonContentType, parseImageRef } from "@/lib/catalog";
import { MAX_IMAGE_BYTES } from "@/lib/media/images/decode";

// Room for the multipart boundaries and part headers around a full-size file.
const MULTIPART_OVERHEAD = 64 * 1024;
const JSON_MAX_BYTES = 16 * 1024;

/** A POST /uploads as the edge read it: its declared type, and its body within uploadBodyLimit. */
export type UploadInput = { contentType: string | null; body: Uint8Array | "too_large" };

export type Received = { bytes: Buffer } | { url: string } | Refusal;

type UploadForm = "image" | "multipart" | "json" | null;

function formOf(contentType: string | null): UploadForm {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.startsWith("image/")) return "image";
  if (type === "multipart/form-data") return "multipart";
  return isJsonContentType(contentType) ? "json" : null;
}

/** How much of the body to read for its declared type; 0 for a type that is refused unread. */
export function uploadBodyLimit(contentType: string | null): number {
  const form = formOf(contentType);
  if (form === "image") return MAX_IMAGE_BYTES;
  if (form === "multipart") return MAX_IMAGE_BYTES + MULTIPART_OVERHEAD;
  return form === "json" ? JSON_MAX_BYTES : 0;
}

const tooLarge = () =>
  new RefusalError("image_too_large", `Images are limited to ${MAX_IMAGE_BYTES} bytes.`);

/**
 * The image a POST /uploads carries: a raw image body (Content-Type image/*), a multipart form
 * with a `file` field, or JSON {"url": "https://…"} for the service to fetch. The declared type
 * only picks the parser, the bytes are sniffed later.
 */
export async function receiveUpload({ contentType, body }: UploadInput): Promise<Received> {
  const form = formOf(contentType);
  if (form === "image") {
    if (body === "too_large") throw tooLarge();
    return { bytes: Buffer.from(body) };
  }
  if (form === "multipart") {
    if (body === "too_large") throw tooLarge();
    let parsed: FormData;
    try {
      parsed = await new Response(new Uint8Array(body), {
        headers: { "content-type": contentType ?? "" },
      }).formData();
    } catch {
      return refusal("invalid_request", "The multipart body could not be parsed.");
    }
    const file = parsed.get("file");
    if (!(file instanceof Blob))
      return refusal("invalid_request", 'The multipart body needs a file in the field "file".');
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    return { bytes: Buffer.from(await file.arrayBuffer()) };
  }
  if (form === "json") {
    if (body === "too_large")
      return refusal(
        "invalid_request",
        `A JSON upload body is limited to ${JSON_MAX_BYTES} bytes.`,
      );
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      return refusal("invalid_request", 'The body must be JSON: {"url": "https://…"}.');
    }
    const url = (json as { url?: unknown } | null)?.url;
    const ref = typeof url === "string" ? parseImageRef(url) : null;
    if (!ref || !("url" in ref))
      return refusal(
        "invalid_request",
        'The body must be JSON {"url": "https://…"} naming a JPEG, PNG or WebP image.',
      );
    return { url: ref.url };
  }
  return refusal(
    "unsupported_media_type",
    'Send the image as the body (Content-Type image/jpeg, image/png or image/webp), as multipart/form-data with a "file" field, or JSON {"url": "https://…"}.',
  );
}
