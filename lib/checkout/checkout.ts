import type { x402ResourceServer } from "@x402/core/server";
import { type AnyProduct, findProduct, quote } from "@/lib/catalog";
import { type Db, type Env, refusal } from "@/lib/platform";
import type { ImageDeps } from "@/lib/media";
import { findLiveKey, isValidIdempotencyKey } from "@/lib/checkout/idempotency/key-repository";
import { payerScopedKey, signedPayer } from "@/lib/checkout/idempotency/payer-scope";
import { paymentIdentifierDeclaration } from "@/lib/checkout/idempotency/payment-identifier";
import { discoveryExtension, resourceInfo } from "@/lib/checkout/discovery";
import { buildRequirements, paymentRequired, signedOffers } from "@/lib/money";
import { activeJobs, paidRequestDone } from "@/lib/checkout/active-jobs";
import { cachedChallenge } from "@/lib/checkout/challenge-cache";
import { type CheckoutOutcome, withFacts } from "@/lib/checkout/outcome";
import { atCapacity, payAndCreateJob } from "@/lib/checkout/pay-and-create-job";
import { prepareSpec } from "@/lib/checkout/prepare-spec";
import { requestHash } from "@/lib/checkout/request-hash";
import { vetCallback } from "@/lib/notify";

export type CheckoutDeps = {
  db: Db;
  env: Env;
  /** Asked for only once a request is priced: a bad body is refused even while the facilitator is down. */
  resourceServer: () => Promise<x402ResourceServer>;
  /** Where image-to-video requests' pictures are read from and kept. */
  images: ImageDeps;
  /** Tells the job engine a settled job is ready. */
  wake: (job: { id: string; payer: string }) => Promise<void>;
};

/** A generation POST as the edge read it (lib/http/api/checkout-request.ts): nothing of HTTP is left to read. */
export type CheckoutInput = {
  family: string;
  productName: string;
  /** The service origin as the client sees it, for the resource the payment is for. */
  baseUrl: string;
  /** The body within the size limit; a body not declared as JSON is never read. */
  body: Uint8Array | "too_large" | "not_json";
  paymentSignature: string | null;
  idempotencyKey: string | null;
  /** The Webhook-URL header, as sent. */
  webhookUrl: string | null;
};

/**
 * A generation POST after the per-IP guard: product, body, screening, Idempotency-Key, capacity,
 * quote; then either the 402 challenge or, with a payment, verify, create the job and settle.
 * Everything before the payment is verified is never charged.
 */
export async function checkout(deps: CheckoutDeps, input: CheckoutInput): Promise<CheckoutOutcome> {
  const product = findProduct(input.family, input.productName);
  if (!product) return refusal("not_found", "No such product.");
  return withFacts(await checkoutProduct(deps, input, product), { sku: product.sku });
}

async function checkoutProduct(
  deps: CheckoutDeps,
  input: CheckoutInput,
  product: AnyProduct,
): Promise<CheckoutOutcome> {
  const { db, env } = deps;
  const { body: bytes, baseUrl, idempotencyKey: key, paymentSignature: signature } = input;
  if (bytes === "not_json") {
    return refusal(
      "unsupported_media_type",
      "Send the body as JSON with Content-Type: application/json.",
      { errors: [{ field: "Content-Type", message: "must be application/json" }] },
    );
  }
  if (bytes === "too_large") {
    return refusal(
      "body_too_large",
      `The request body must be at most ${env.limits.maxBodyBytes} bytes.`,
    );
  }
  const prepared = await prepareSpec(product, bytes, env, deps.images);
  if (prepared.kind === "refused") return prepared;
  const { spec, facts } = prepared;
  const callback = await vetCallback(input.webhookUrl, env.webhooks);
  if ("kind" in callback) return withFacts(callback, facts);

  const hash = requestHash(product.sku, spec);
  const priced = async (): Promise<CheckoutOutcome> => {
    if (key !== null) {
      if (!isValidIdempotencyKey(key)) {
        return refusal(
          "invalid_request",
          "Idempotency-Key must be 1–255 printable ASCII characters.",
          {
            errors: [{ field: "Idempotency-Key", message: "invalid" }],
          },
        );
      }
      // A key belongs to its payer: only a payment signed by that wallet hears about it. An
      // unpaid request gets the 402 whatever keys exist, another wallet a request of its own.
      const payer = signature ? await signedPayer(signature, env) : null;
      const replay = payer ? await replayIdempotent(db, payerScopedKey(payer, key), hash) : null;
      if (replay) return replay;
    }
    if ((await activeJobs(db)) >= env.limits.queueCapacity) return atCapacity();

    const amount = quote(product, spec);
    const server = await deps.resourceServer();
    const resource = resourceInfo(baseUrl, product);
    if (!signature) {
      const required = await cachedChallenge(
        `${product.sku} ${amount} ${resource.url}`,
        async () => {
          const requirements = await buildRequirements(server, env, amount);
          return paymentRequired(server, requirements, resource, "Payment required", {
            ...discoveryExtension(product),
            ...paymentIdentifierDeclaration(),
            ...(await signedOffers(requirements, resource.url, baseUrl)),
          });
        },
      );
      return { kind: "challenge", required };
    }
    const requirements = await buildRequirements(server, env, amount);
    const since = Date.now();
    let created: boolean | null = null;
    try {
      const outcome = await payAndCreateJob({
        db,
        wake: deps.wake,
        env,
        server,
        product,
        spec,
        amount,
        requirements,
        resource,
        baseUrl,
        signature,
        idempotencyKey: key,
        requestHash: hash,
        webhookUrl: callback.url,
      });
      created = outcome.kind === "created";
      return outcome;
    } finally {
      paidRequestDone(db, since, created);
    }
  };
  return withFacts(await priced(), facts);
}

type Replay = CheckoutOutcome | null;

/** A live key answers for its first request: replayed, in flight, or reused with another body. */
async function replayIdempotent(db: Db, key: string, hash: string): Promise<Replay> {
  const row = await findLiveKey(db, key);
  if (!row) return null;
  if (row.requestHash !== hash) {
    return refusal(
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different request body or product.",
    );
  }
  if (row.state !== "completed") {
    return refusal(
      "idempotency_key_in_flight",
      "The first request with this Idempotency-Key has not finished; retry in a moment.",
      { retryAfter: 1 },
    );
  }
  return { kind: "replayed", by: "idempotency_key", body: row.response };
}
