import {
  appendAudit,
  type ClientIdentity,
  type GuardServices,
  getEnv,
  guardRequest,
  type GuardRule,
  RefusalError,
} from "@/lib/platform";
import { acceptImage, fetchImageBytes, type ImageDeps } from "@/lib/media/images";
import { receiveUpload, type UploadInput } from "@/lib/media/images/receive-upload";

/** The process's services an upload uses (the composition root's, in the app). */
export type UploadDeps = GuardServices & { images: () => ImageDeps };

/** What POST /uploads answers for an image it kept. */
export type UploadedImage = {
  id: string;
  width: number;
  height: number;
  content_type: string;
  bytes: number;
  expires_at: string | undefined;
};

// Uploads are free, so they have their own per-IP budget (the same sliding window, a separate
// counter from generation POSTs); an address blocked for repeated refusals is held here too.
function uploadsRule(perMinute: number): GuardRule {
  return {
    bucket: "uploads",
    perMinute,
    detail: {
      rate_limited: `More than ${perMinute} uploads in a minute from this address.`,
      ip_blocked:
        "Too many refused prompts or images from this address; uploads are blocked for a while.",
      unavailable: "The request guard is briefly unavailable; try again shortly.",
    },
  };
}

/**
 * POST /uploads: free, rate limited per IP. The image is decoded, re-encoded and screened here,
 * before anything is paid: the studio learns at once that a picture will be refused, and a
 * picture of a person is never stored. Refusals count toward the abuse block like prompts. The
 * input is read only once the guard lets the request through. Throws a RefusalError for every
 * refusal.
 */
export async function acceptUpload(
  deps: UploadDeps,
  client: ClientIdentity,
  readInput: () => Promise<UploadInput>,
): Promise<UploadedImage> {
  const { uploadsPerMinutePerIp } = getEnv().limits;
  const guard = await guardRequest(deps, client, uploadsRule(uploadsPerMinutePerIp));
  if (guard.refusal) throw new RefusalError(guard.refusal);
  const received = await receiveUpload(await readInput());
  if ("kind" in received) throw new RefusalError(received);
  const bytes = "url" in received ? await fetchImageBytes(received.url) : received.bytes;
  const { image, screening, expiresAt } = await acceptImage(bytes, deps.images());
  if (!screening.allowed) {
    await guard.countRejection();
    await appendAudit(await deps.db(), "request.refused", null, {
      endpoint: "uploads",
      status: 403,
      code: "content_policy",
      category: screening.category,
      ...guard.auditClient,
    });
    throw new RefusalError("content_policy", screening.reason, { category: screening.category });
  }
  return {
    id: image.id,
    width: image.width,
    height: image.height,
    content_type: image.mime,
    bytes: image.bytes.length,
    expires_at: expiresAt?.toISOString(),
  };
}
