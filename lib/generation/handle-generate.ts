import { problem } from "@/lib/api/problem";
import { appendAuditGrouped } from "@/lib/audit/grouped-append";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { clientIp } from "@/lib/limits/client-ip";
import { hashIp } from "@/lib/limits/ip-hash";
import { describeError } from "@/lib/api/describe-error";
import { crossSiteOrigin, siteBlockKey } from "@/lib/limits/cross-site";
import { checkIp, type IpGuardConfig, recordContentRejection } from "@/lib/limits/ip-guard";
import { getLimitStore } from "@/lib/limits/store";
import { processGenerate, type RequestNotes } from "@/lib/generation/process-generate";

const REFUSALS = new Set([403, 429, 503]);

/**
 * A generation POST: the per-IP guard first (step 1), then the request itself. Every refusal
 * is audited with a hashed IP and a hash of the prompt, never the text.
 */
export async function handleGenerate(
  request: Request,
  family: string,
  productName: string,
): Promise<Response> {
  const env = getEnv();
  const cfg: IpGuardConfig = {
    postsPerMinute: env.limits.postsPerMinutePerIp,
    abuseBlock: env.limits.abuseBlock,
  };
  const ipHash = hashIp(clientIp(request.headers, env.trustProxy));
  const origin = crossSiteOrigin(request);
  const blockKey = origin ? siteBlockKey(ipHash, origin) : ipHash;
  const store = await getLimitStore();
  // A guard that cannot count (its store is down) refuses rather than letting traffic through unlimited.
  const verdict = await checkIp(store, ipHash, cfg, new Date(), blockKey).catch(
    (error: unknown) => {
      console.error(`[limits] request guard unavailable: ${describeError(error)}`);
      return null;
    },
  );
  if (!verdict) {
    return problem(
      "unavailable",
      "The request guard is briefly unavailable; try again shortly. Nothing was charged.",
      { headers: { "Retry-After": "5" } },
    );
  }
  const notes: RequestNotes = {};
  const response = verdict.allowed
    ? await processGenerate(request, family, productName, notes)
    : problem(
        verdict.code,
        verdict.code === "ip_blocked"
          ? "Too many rejected prompts from this address; generation is blocked for a while. Nothing was charged."
          : `More than ${cfg.postsPerMinute} generation requests in a minute from this address. Nothing was charged.`,
        { headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
      );
  for (const [k, v] of Object.entries(verdict.headers)) response.headers.set(k, v);
  if (REFUSALS.has(response.status)) {
    const body = (await response.clone().json()) as { code?: string; category?: string };
    if (body.code === "content_policy") {
      // The refusal stands even if it cannot be counted toward a block.
      await recordContentRejection(store, blockKey, cfg).catch((error: unknown) =>
        console.error(`[limits] rejection not counted: ${describeError(error)}`),
      );
    }
    // Grouped with the other refusals in flight: a flood of them must not queue one by one on the audit lock.
    await appendAuditGrouped(await getDb(), {
      type: "request.refused",
      jobId: null,
      data: {
        status: response.status,
        code: body.code,
        ...(body.category ? { category: body.category } : {}),
        ...(notes.sku ? { sku: notes.sku } : {}),
        ...(notes.promptHash ? { promptHash: notes.promptHash } : {}),
        ...(notes.imageIds ? { imageIds: notes.imageIds } : {}),
        ipHash,
        ...(origin ? { crossSite: true } : {}),
      },
    });
  }
  return response;
}
