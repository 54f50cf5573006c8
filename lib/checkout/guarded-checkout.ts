import { describeError } from "@/lib/errors/describe-error";
import type { AuditQueues } from "@/lib/audit/grouped-append";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { clientIp } from "@/lib/limits/client-ip";
import { crossSiteOrigin, siteBlockKey } from "@/lib/limits/cross-site";
import { checkIp, type IpGuardConfig, recordContentRejection } from "@/lib/limits/ip-guard";
import { hashIp } from "@/lib/limits/ip-hash";
import type { LimitStore } from "@/lib/limits/limit-store";
import { ProblemError, problemStatus } from "@/lib/errors/problems";
import { type CheckoutDeps, checkout } from "@/lib/checkout/checkout";
import { type CheckoutOutcome, type Refused, refused } from "@/lib/checkout/outcome";

/** The process's services the guard and the checkout use (the composition root's, in the app). */
export type GuardDeps = {
  db: () => Promise<Db>;
  limitStore: () => Promise<LimitStore>;
  auditQueues: AuditQueues;
  images: () => CheckoutDeps["images"];
  waker: { wake: CheckoutDeps["wake"] };
} & Pick<CheckoutDeps, "resourceServer">;

/** The outcome, and the guard's RateLimit headers that go on whatever answers it. */
export type GuardedCheckout = { outcome: CheckoutOutcome; rateLimit: Record<string, string> };

// Refusals worth an audit record: bad bodies, content policy, rate limits, capacity.
const AUDITED = new Set([403, 429, 503]);

/**
 * A generation POST: the per-IP guard first, then the checkout. Every refusal is audited with a
 * hashed IP and a hash of the prompt, never the text; a content-policy refusal also counts toward
 * the address's abuse block.
 */
export async function guardedCheckout(
  deps: GuardDeps,
  request: Request,
  family: string,
  productName: string,
  baseUrl: string,
): Promise<GuardedCheckout> {
  const env = getEnv();
  const cfg: IpGuardConfig = {
    postsPerMinute: env.limits.postsPerMinutePerIp,
    abuseBlock: env.limits.abuseBlock,
  };
  const ipHash = hashIp(clientIp(request.headers, env.trustProxy));
  const origin = crossSiteOrigin(request);
  const blockKey = origin ? siteBlockKey(ipHash, origin) : ipHash;
  const store = await deps.limitStore();
  // A guard that cannot count (its store is down) refuses rather than letting traffic through unlimited.
  const verdict = await checkIp(store, ipHash, cfg, new Date(), blockKey).catch(
    (error: unknown) => {
      console.error(`[limits] request guard unavailable: ${describeError(error)}`);
      return null;
    },
  );
  if (!verdict) {
    throw new ProblemError(
      "unavailable",
      "The request guard is briefly unavailable; try again shortly. Nothing was charged.",
      { retryAfter: 5 },
    );
  }
  const db = await deps.db();
  const outcome: CheckoutOutcome = verdict.allowed
    ? await checkout(
        {
          db,
          env,
          resourceServer: deps.resourceServer,
          images: deps.images(),
          wake: deps.waker.wake,
        },
        { request, family, productName, baseUrl },
      )
    : refused(
        verdict.code,
        verdict.code === "ip_blocked"
          ? "Too many rejected prompts from this address; generation is blocked for a while. Nothing was charged."
          : `More than ${cfg.postsPerMinute} generation requests in a minute from this address. Nothing was charged.`,
        { retryAfter: verdict.retryAfterSeconds },
      );
  if (outcome.kind === "refused" && AUDITED.has(problemStatus(outcome.code))) {
    if (outcome.code === "content_policy") {
      // The refusal stands even if it cannot be counted toward a block.
      await recordContentRejection(store, blockKey, cfg).catch((error: unknown) =>
        console.error(`[limits] rejection not counted: ${describeError(error)}`),
      );
    }
    // Written with the other refusals of the moment, after this answer: a flood of them must not
    // wait, one by one, on the audit lock.
    deps.auditQueues.append(db, {
      type: "request.refused",
      jobId: null,
      data: auditData(outcome, ipHash, origin),
    });
  }
  return { outcome, rateLimit: verdict.headers };
}

function auditData(r: Refused, ipHash: string, origin: string | null): Record<string, unknown> {
  return {
    status: problemStatus(r.code),
    code: r.code,
    ...(r.category ? { category: r.category } : {}),
    ...(r.sku ? { sku: r.sku } : {}),
    ...(r.promptHash ? { promptHash: r.promptHash } : {}),
    ...(r.imageIds ? { imageIds: r.imageIds } : {}),
    ipHash,
    ...(origin ? { crossSite: true } : {}),
  };
}
