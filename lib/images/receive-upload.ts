import { readBodyLimited } from "@/lib/requests/read-body";
import { isJsonContentType } from "@/lib/requests/content-type";
import { MAX_IMAGE_BYTES } from "@/lib/images/decode";
import { parseImageRef } from "@/lib/requests/image-ref";
import { ImageProblem } from "@/lib/images/types";

// Room for the multipart boundaries and part headers around a full-size file.
const MULTIPART_OVERHEAD = 64 * 1024;
const JSON_MAX_BYTES = 16 * 1024;

export type Received =
  | { bytes: Buffer }
  | { url: string }
  | { problem: "unsupported_media_type" | "invalid_request"; detail: string };

const tooLarge = () =>
  new ImageProblem("image_too_large", `Images are limited to ${MAX_IMAGE_BYTES} bytes.`);

/**
 * The image a POST /uploads carries: a raw image body (Content-Type image/*), a multipart form
 * with a `file` field, or JSON {"url": "https://…"} for the service to fetch. The size cap is
 * enforced while reading; the declared type only picks the parser, the bytes are sniffed later.
 */
export async function receiveUpload(request: Request): Promise<Received> {
  const type =
    (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.startsWith("image/")) {
    const body = await readBodyLimited(request, MAX_IMAGE_BYTES);
    if (body === "too_large") throw tooLarge();
    return { bytes: Buffer.from(body) };
  }
  if (type === "multipart/form-data") {
    const body = await readBodyLimited(request, MAX_IMAGE_BYTES + MULTIPART_OVERHEAD);
    if (body === "too_large") throw tooLarge();
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      }).formData();
    } catch {
      return { problem: "invalid_request", detail: "The multipart body could not be parsed." };
    }
    const file = form.get("file");
    if (!(file instanceof Blob))
      return {
        problem: "invalid_request",
        detail: 'The multipart body needs a file in the field "file".',
      };
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
    return { bytes: Buffer.from(await file.arrayBuffer()) };
  }
  if (isJsonContentType(request.headers.get("content-type"))) {
    const body = await readBodyLimited(request, JSON_MAX_BYTES);
    if (body === "too_large")
      return {
        problem: "invalid_request",
        detail: `A JSON upload body is limited to ${JSON_MAX_BYTES} bytes.`,
      };
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
    } catch {
      return { problem: "invalid_request", detail: 'The body must be JSON: {"url": "https://…"}.' };
    }
    const url = (json as { url?: unknown } | null)?.url;
    const ref = typeof url === "string" ? parseImageRef(url) : null;
    if (!ref || !("url" in ref))
      return {
        problem: "invalid_request",
        detail: 'The body must be JSON {"url": "https://…"} naming a JPEG, PNG or WebP image.',
      };
    return { url: ref.url };
  }
  return {
    problem: "unsupported_media_type",
    detail:
      'Send the image as the body (Content-Type image/jpeg, image/png or image/webp), as multipart/form-data with a "file" field, or JSON {"url": "https://…"}.',
  };
}
