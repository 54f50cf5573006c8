import { describeError } from "@/lib/platform/errors/describe-error";
import { type Refusal, RefusalError, refusal } from "@/lib/platform/errors/refusal";
import { getEnv } from "@/lib/platform/env";
import { siteBlockKey } from "@/lib/platform/limits/cross-site";
import {
  checkIp,
  type IpGuardConfig,
  recordContentRejection,
} from "@/lib/platform/limits/ip-guard";
import { hashIp } from "@/lib/platform/limits/ip-hash";
import type { Db } from "@/lib/platform/db/client";
import type { LimitStore } from "@/lib/platform/limits/limit-store";

/** Who sent a request, as the edge read it: the address it is counted under, and another site's Origin when one made it. */
export type ClientIdentity = { ip: string; crossSiteOrigin: string | null };

/** One guarded endpoint: the counter its requests take a place in, and what its refusals say. */
export type GuardRule = {
  /** Generation POSTs and uploads count apart, behind the same blocks. */
  bucket: "posts" | "uploads";
  perMinute: number;
  detail: { rate_limited: string; ip_blocked: string; unavailable: string };
};

/** The services a guarded endpoint counts and audits in (the composition root's, in the app). */
export type GuardServices = { db: () => Promise<Db>; limitStore: () => Promise<LimitStore> };

/** A request past the guard, or refused by it; what its later refusals need to name and count. */
export type GuardedRequest = {
  /** rate_limited or ip_blocked, or null when the request may go on. */
  refusal: Refusal | null;
  /** The IETF RateLimit header fields of the rule's budget, for whatever answers the request. */
  rateLimit: Record<string, string>;
  /** The members of a refusal's audit record that name the client: a keyed hash, never the address. */
  auditClient: { ipHash: string; crossSite?: true };
  /** Counts a content-policy refusal toward the client's block; the refusal stands if it cannot be counted. */
  countRejection(): Promise<void>;
};

/**
 * The per-IP guard in front of every costly free-to-send request (generation POSTs, uploads),
 * before its body is read: a blocked address or a full window is refused (429); a guard whose
 * store is down refuses too (503, thrown), rather than letting traffic through unlimited.
 * Rejections caused by another site's page count toward that site's own block (cross-site.ts).
 * It counts in the services' `limitStore`, the process's store (the composition root's, in the app).
 */
export async function guardRequest(
  { limitStore }: Pick<GuardServices, "limitStore">,
  client: ClientIdentity,
  rule: GuardRule,
): Promise<GuardedRequest> {
  const { limits } = getEnv();
  const cfg: IpGuardConfig = { postsPerMinute: rule.perMinute, abuseBlock: limits.abuseBlock };
  const ipHash = hashIp(client.ip);
  const origin = client.crossSiteOrigin;
  const blockKey = origin ? siteBlockKey(ipHash, origin) : ipHash;
  const store = await limitStore();
  const verdict = await checkIp(store, ipHash, cfg, new Date(), blockKey, rule.bucket).catch(
    (error: unknown) => {
      console.error(`[limits] ${rule.bucket} guard unavailable: ${describeError(error)}`);
      return null;
    },
  );
  if (!verdict) throw new RefusalError("unavailable", rule.detail.unavailable, { retryAfter: 5 });
  return {
    refusal: verdict.allowed
      ? null
      : refusal(verdict.code, rule.detail[verdict.code], { retryAfter: verdict.retryAfterSeconds }),
    rateLimit: verdict.headers,
    auditClient: { ipHash, ...(origin ? { crossSite: true as const } : {}) },
    countRejection: () =>
      recordContentRejection(store, blockKey, cfg).then(
        () => {},
        (error: unknown) =>
          console.error(`[limits] rejection not counted: ${describeError(error)}`),
      ),
  };
}
