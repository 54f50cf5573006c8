import { getEnv } from "@/lib/platform";
import { services } from "@/lib/server";
import { CAMERA_FIXED_NOTE, exampleBody, requestBodyJsonSchema } from "@/lib/catalog";
import {
  customPricing,
  fixedPrices,
  imagePricing,
  pricingFacts,
} from "@/lib/http/storefront/display-prices";
import { IMAGE_POLICY, UPLOAD_FACTS } from "@/lib/http/storefront/image-facts";
import { getReceiptKey } from "@/lib/money";
import { publicBaseUrl } from "@/lib/http/api/base-url";
import { mcpFacts } from "@/lib/http/mcp/mcp-facts";
import {
  CONTENT_POLICY,
  FREE_ENDPOINTS,
  IDEMPOTENCY_CHOICE,
  limitFacts,
  paymentFacts,
  RECEIPT_FACTS,
  SERVICE_DESCRIPTION,
  SERVICE_NAME,
} from "@/lib/http/storefront/service-info";

/** A product priced per second, as the storefront lists it. */
function perSecondEndpoint(
  c: ReturnType<typeof customPricing>[number] | ReturnType<typeof imagePricing>[number],
  pricing: Record<string, string> = {},
) {
  return {
    sku: c.product.sku,
    family: c.product.family,
    model: c.product.model,
    endpoint: c.product.path,
    method: "POST",
    description: c.product.description,
    request_body: requestBodyJsonSchema(c.product),
    example_body: exampleBody(c.product),
    pricing: { ...pricingFacts(c), rounding: "up to the cent", ...pricing },
  };
}

/** GET / for machines: live prices, limits and payment facts from the running config. */
export function buildStorefront() {
  const env = getEnv();
  return {
    service: SERVICE_NAME,
    description: SERVICE_DESCRIPTION,
    network: env.network,
    payment: paymentFacts(env),
    skus: fixedPrices().map(({ product: p, priceUsd, priceAtomic }) => ({
      sku: p.sku,
      family: p.family,
      model: p.model,
      endpoint: p.path,
      method: "POST",
      price_usd: priceUsd,
      price_atomic: priceAtomic,
      duration_seconds: p.durationSeconds,
      resolution: p.resolution,
      request_body: requestBodyJsonSchema(p),
      example_body: exampleBody(p),
    })),
    custom_endpoints: customPricing().map((c) => perSecondEndpoint(c)),
    image_to_video_endpoints: imagePricing().map((c) =>
      perSecondEndpoint(c, {
        same_book_as: c.product.family === "alpha" ? "alpha-custom" : "alpha-fast-custom",
      }),
    ),
    uploads: UPLOAD_FACTS,
    image_policy: IMAGE_POLICY,
    request_options: {
      camera_fixed: {
        description: CAMERA_FIXED_NOTE,
        // From the running configuration: which of its upstreams are told, in failover order.
        honoured_by: services()
          .providers()
          .filter((p) => p.honoursCameraFixed)
          .map((p) => p.name),
      },
    },
    limits: limitFacts(env),
    free_endpoints: FREE_ENDPOINTS,
    mcp: mcpFacts(publicBaseUrl()),
    idempotency: {
      header: "Idempotency-Key",
      ttl_seconds: env.limits.idempotencyKeyTtlSeconds,
      replay:
        "A completed key returns the original JobCreated, without a second charge, to a paid retry by the wallet that paid with it; unpaid it gets the usual 402; another wallet's key is its own.",
      conflicts: { different_body: 422, in_progress: 409 },
      payment_identifier: {
        extension: "payment-identifier",
        ttl_seconds: env.limits.idempotencyKeyTtlSeconds,
        conflicts: { different_payment_or_body: 409, in_progress: 409 },
      },
      which_to_use: IDEMPOTENCY_CHOICE,
    },
    receipts: { ...RECEIPT_FACTS, public_key_jwk: getReceiptKey().publicJwk },
    content_policy: { ...CONTENT_POLICY, hosted_moderation_enabled: env.moderation !== null },
  };
}
