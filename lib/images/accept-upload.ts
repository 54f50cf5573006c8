import { describeError } from "@/lib/errors/describe-error";
import { appendAudit } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { ProblemError } from "@/lib/errors/problems";
import { acceptImage, fetchImageBytes, type ImageDeps } from "@/lib/images";
import { receiveUpload } from "@/lib/images/receive-upload";
import { checkUploadRate } from "@/lib/images/upload-guard";
import { clientIp } from "@/lib/limits/client-ip";
import { crossSiteOrigin, siteBlockKey } from "@/lib/limits/cross-site";
import { recordContentRejection } from "@/lib/limits/ip-guard";
import { hashIp } from "@/lib/limits/ip-hash";
import type { LimitStore } from "@/lib/limits/limit-store";

/** The process's services an upload uses (the composition root's, in the app). */
export type UploadDeps = {
  db: () => Promise<Db>;
  limitStore: () => Promise<LimitStore>;
  images: () => ImageDeps;
};

/** What POST /uploads answers for an image it kept. */
export type UploadedImage = {
  id: string;
  width: number;
  height: number;
  content_type: string;
  bytes: number;
  expires_at: string | undefined;
};

/**
 * POST /uploads: free, rate limited per IP. The image is decoded, re-encoded and screened here,
 * before anything is paid: the studio learns at once that a picture will be refused, and a
 * picture of a person is never stored. Refusals count toward the abuse block like prompts.
 * Throws a ProblemError for a refusal, an ImageProblem for a picture it cannot take.
 */
export async function acceptUpload(deps: UploadDeps, request: Request): Promise<UploadedImage> {
  const env = getEnv();
  const ipHash = hashIp(clientIp(request.headers, env.trustProxy));
  const origin = crossSiteOrigin(request);
  const blockKey = origin ? siteBlockKey(ipHash, origin) : ipHash;
  const store = await deps.limitStore();
  const verdict = await checkUploadRate(
    store,
    ipHash,
    blockKey,
    env.limits.uploadsPerMinutePerIp,
  ).catch((error: unknown) => {
    console.error(`[limits] upload guard unavailable: ${describeError(error)}`);
    return null;
  });
  if (!verdict)
    throw new ProblemError(
      "unavailable",
      "The request guard is briefly unavailable; try again shortly.",
      { retryAfter: 5 },
    );
  if (!verdict.allowed) {
    const detail =
      verdict.code === "ip_blocked"
        ? "Too many refused prompts or images from this address; uploads are blocked for a while."
        : `More than ${env.limits.uploadsPerMinutePerIp} uploads in a minute from this address.`;
    throw new ProblemError(verdict.code, detail, { retryAfter: verdict.retryAfterSeconds });
  }
  const received = await receiveUpload(request);
  if ("problem" in received) throw new ProblemError(received.problem, received.detail);
  const bytes = "url" in received ? await fetchImageBytes(received.url) : received.bytes;
  const { image, screening, expiresAt } = await acceptImage(bytes, deps.images());
  if (!screening.allowed) {
    await recordContentRejection(store, blockKey, {
      postsPerMinute: env.limits.postsPerMinutePerIp,
      abuseBlock: env.limits.abuseBlock,
    }).catch((error: unknown) =>
      console.error(`[limits] rejection not counted: ${describeError(error)}`),
    );
    await appendAudit(await deps.db(), "request.refused", null, {
      endpoint: "uploads",
      status: 403,
      code: "content_policy",
      category: screening.category,
      ipHash,
      ...(origin ? { crossSite: true } : {}),
    });
    throw new ProblemError("content_policy", screening.reason, {
      extra: { category: screening.category },
    });
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
