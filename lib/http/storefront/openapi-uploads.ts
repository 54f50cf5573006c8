import { UPSTREAM_IMAGE_LIMITS_SUMMARY } from "@/lib/catalog";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "@/lib/media";

type Problem = (description: string) => unknown;

/** The OpenAPI entry for POST /uploads (see accept-upload.ts). */
export function uploadsPathItem(problem: Problem) {
  const binary = { type: "string", contentMediaType: "application/octet-stream" };
  return {
    post: {
      operationId: "create_upload",
      tags: ["uploads"],
      security: [],
      summary: "Upload an image (free) to name it in a request by id",
      description: `JPEG, PNG or WebP, at most ${MAX_IMAGE_BYTES} bytes and ${MAX_IMAGE_SIDE} px a side, one still frame; and, as stored, ${UPSTREAM_IMAGE_LIMITS_SUMMARY}. Decoded and re-encoded (pixels only), kept 24 hours, content-addressed. Screened before it is stored: faces (likeness) and sexually explicit images are refused.`,
      requestBody: {
        required: true,
        content: {
          "image/jpeg": { schema: binary },
          "image/png": { schema: binary },
          "image/webp": { schema: binary },
          "multipart/form-data": {
            schema: { type: "object", required: ["file"], properties: { file: binary } },
          },
          "application/json": {
            schema: {
              type: "object",
              required: ["url"],
              properties: {
                url: {
                  type: "string",
                  format: "uri",
                  description: "An https URL the service fetches itself (no private addresses).",
                },
              },
            },
          },
        },
      },
      responses: {
        "201": {
          description: "Stored.",
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["id", "width", "height", "content_type", "bytes", "expires_at"],
                properties: {
                  id: { type: "string", pattern: "^upl_[0-9a-f]{64}$" },
                  width: { type: "integer" },
                  height: { type: "integer" },
                  content_type: { enum: ["image/jpeg", "image/png", "image/webp"] },
                  bytes: { type: "integer" },
                  expires_at: { type: "string", format: "date-time" },
                },
              },
            },
          },
        },
        "403": problem(
          "Refused by the content policy (category likeness or sexual), outside the video models' limits (`image_outside_model_limits`: too small or too elongated; `detail` says what to fix), or an unsupported body.",
        ),
        "413": problem("Larger than 10 MB."),
        "415": problem("Not a JPEG, PNG or WebP still image (judged by its bytes), or truncated."),
        "422": problem("Too many pixels, or a URL refused (private address) or not fetchable."),
        "429": problem("Upload rate limit, or the address is blocked after repeated refusals."),
      },
    },
  };
}
