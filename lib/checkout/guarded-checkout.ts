import {
  type AuditQueues,
  type ClientIdentity,
  type GuardServices,
  getEnv,
  guardRequest,
  type GuardRule,
  problemStatus,
} from "@/lib/platform";
import { type CheckoutDeps, type CheckoutInput, checkout } from "@/lib/checkout/checkout";
import type { CheckoutOutcome, Refused } from "@/lib/checkout/outcome";

/** The process's services the guard and the checkout use (the composition root's, in the app). */
export type GuardDeps = GuardServices & {
  auditQueues: AuditQueues;
  images: () => CheckoutDeps["images"];
  waker: { wake: CheckoutDeps["wake"] };
} & Pick<CheckoutDeps, "resourceServer">;

/** The outcome, and the guard's RateLimit headers that go on whatever answers it. */
export type GuardedCheckout = { outcome: CheckoutOutcome; rateLimit: Record<string, string> };

// Refusals worth an audit record: bad bodies, content policy, rate limits, capacity.
const AUDITED = new Set([403, 429, 503]);

function postsRule(perMinute: number): GuardRule {
  return {
    bucket: "posts",
    perMinute,
    detail: {
      rate_limited: `More than ${perMinute} generation requests in a minute from this address. Nothing was charged.`,
      ip_blocked:
        "Too many rejected prompts from this address; generation is blocked for a while. Nothing was charged.",
      unavailable:
        "The request guard is briefly unavailable; try again shortly. Nothing was charged.",
    },
  };
}

/**
 * A generation POST: the per-IP guard first, then the checkout. The input is read only once the
 * guard lets the request through, so a refused client's body is never read. Every refusal is
 * audited with a hashed IP and a hash of the prompt, never the text; a content-policy refusal
 * also counts toward the address's abuse block.
 */
export async function guardedCheckout(
  deps: GuardDeps,
  client: ClientIdentity,
  readInput: () => Promise<CheckoutInput>,
): Promise<GuardedCheckout> {
  const env = getEnv();
  const guard = await guardRequest(deps, client, postsRule(env.limits.postsPerMinutePerIp));
  const db = await deps.db();
  const outcome: CheckoutOutcome =
    guard.refusal ??
    (await checkout(
      {
        db,
        env,
        resourceServer: deps.resourceServer,
        images: deps.images(),
        wake: deps.waker.wake,
      },
      await readInput(),
    ));
  if (outcome.kind === "refused" && AUDITED.has(problemStatus(outcome.code))) {
    if (outcome.code === "content_policy") await guard.countRejection();
    // Written with the other refusals of the moment, after this answer: a flood of them must not
    // wait, one by one, on an audit lane's lock.
    deps.auditQueues.append(db, {
      type: "request.refused",
      jobId: null,
      data: { ...auditData(outcome), ...guard.auditClient },
    });
  }
  return { outcome, rateLimit: guard.rateLimit };
}

function auditData(r: Refused): Record<string, unknown> {
  return {
    status: problemStatus(r.code),
    code: r.code,
    ...(r.category ? { category: r.category } : {}),
    ...(r.sku ? { sku: r.sku } : {}),
    ...(r.promptHash ? { promptHash: r.promptHash } : {}),
    ...(r.imageIds ? { imageIds: r.imageIds } : {}),
  };
}
