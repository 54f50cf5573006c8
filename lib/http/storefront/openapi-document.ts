import { ALL_PRODUCTS, exampleBody, requestBodyJsonSchema, toSchema } from "@/lib/catalog";
import { mcpOpenApiExtension } from "@/lib/http/mcp/mcp-facts";
import { getEnv } from "@/lib/platform";
import { uploadsPathItem } from "@/lib/http/storefront/openapi-uploads";
import { jobViewSchema, liveJobPaths, WEBHOOK_URL_PARAMETER } from "@/lib/notify";
import { jobCreatedSchema } from "@/lib/checkout";
import { problemSchema, statusSchema } from "@/lib/http/storefront/response-schemas";
import {
  customPricing,
  fixedPrices,
  imagePricing,
  pricingFacts,
} from "@/lib/http/storefront/display-prices";
import { IMAGE_POLICY } from "@/lib/http/storefront/image-facts";
import { agentGuidance } from "@/lib/http/storefront/agent-guidance";
import {
  IDEMPOTENCY_CHOICE,
  RECEIPT_FACTS,
  SERVICE_DESCRIPTION,
  SERVICE_NAME,
} from "@/lib/http/storefront/service-info";

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});
const health = (description: string, status: string) => ({
  description,
  content: {
    "application/json": {
      schema: { type: "object", required: ["status"], properties: { status: { const: status } } },
    },
  },
});
const json = (description: string, ref: string) => ({
  description,
  content: { "application/json": { schema: { $ref: ref } } },
});
/** A response whose body is a plain document of one JSON Schema type. */
const document = (description: string, mime: string, type: string) => ({
  description,
  content: { [mime]: { schema: { type } } },
});

/** A free GET of the service itself: no payment, tagged `service`. */
const freeGet = (
  operationId: string,
  responses: Record<string, unknown>,
  description?: string,
) => ({
  get: {
    operationId,
    tags: ["service"],
    security: [],
    ...(description ? { description } : {}),
    responses,
  },
});

/** GET /openapi.json: OpenAPI 3.1 generated from the zod schemas the routes validate with. */
export function buildOpenApiDocument(baseUrl: string) {
  const env = getEnv();
  const payment = {
    protocol: "x402",
    x402Version: 2,
    scheme: "exact",
    network: env.network,
    asset: env.asset.address,
    currency: "USDC",
    payTo: env.payTo,
    protocols: [{ x402: { x402Version: 2, scheme: "exact" } }],
    // Every accepted network, the one above first: the 402 quotes each at the same price.
    networks: env.networks.map((n) => ({
      network: n.network,
      asset: n.asset.address,
      payTo: n.payTo,
    })),
  };
  // The price hint discovery tools read (x-payment-info.price, USD as ISO 4217: USDC is paid
  // 1:1 for it) beside the facts the storefront states; the 402 stays the exact quote.
  const priceInfo = new Map<string, Record<string, unknown>>([
    ...fixedPrices().map(
      ({ product, priceUsd, priceAtomic }) =>
        [
          product.sku,
          {
            price: { mode: "fixed", currency: "USD", amount: priceUsd },
            pricing: "fixed",
            price_usd: priceUsd,
            amount: priceAtomic,
          },
        ] as const,
    ),
    ...[...customPricing(), ...imagePricing()].map(
      (c) =>
        [
          c.product.sku,
          {
            price: { mode: "dynamic", currency: "USD", min: c.minUsd, max: c.maxUsd },
            pricing: "dynamic",
            ...pricingFacts(c),
          },
        ] as const,
    ),
  ]);

  const paths: Record<string, unknown> = {};
  for (const p of ALL_PRODUCTS) {
    paths[p.path] = {
      post: {
        operationId: p.operationId,
        tags: ["generation"],
        summary: p.title,
        description: `${p.description} Paid per call with x402 v2 (exact, USDC): the first call answers 402 with the exact quote; repeat it with PAYMENT-SIGNATURE.${p.mode === "image" ? ` ${IMAGE_POLICY.references} ${IMAGE_POLICY.screening}` : ""}`,
        security: [],
        "x-payment-info": { ...payment, ...priceInfo.get(p.sku) },
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            schema: { type: "string", maxLength: 255 },
            description: `Replays the original job without a second charge for 24 h. ${IDEMPOTENCY_CHOICE.idempotency_key} ${IDEMPOTENCY_CHOICE.both}`,
          },
          {
            name: "PAYMENT-SIGNATURE",
            in: "header",
            required: false,
            schema: { type: "string" },
            description: `Base64 x402 v2 payment payload for the quoted requirements. ${IDEMPOTENCY_CHOICE.payment_identifier}`,
          },
          WEBHOOK_URL_PARAMETER,
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: requestBodyJsonSchema(p), example: exampleBody(p) },
          },
        },
        responses: {
          "200": {
            ...json("Payment settled; job accepted.", "#/components/schemas/JobCreated"),
            headers: {
              "PAYMENT-RESPONSE": {
                schema: { type: "string" },
                description: `Base64 settlement. ${RECEIPT_FACTS.receipts}`,
              },
            },
          },
          "202": json(
            "Payment verified; settlement being confirmed on chain. Poll the job.",
            "#/components/schemas/JobCreated",
          ),
          "402": {
            description: `Payment required: the x402 v2 PaymentRequired object, also in the PAYMENT-REQUIRED header. Its extensions declare payment-identifier and carry signed offers. ${RECEIPT_FACTS.offers}`,
            headers: {
              "PAYMENT-REQUIRED": {
                schema: { type: "string" },
                description: "Base64 PaymentRequired.",
              },
            },
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/PaymentRequired" } },
            },
          },
          "403": problem(
            `Rejected by validation (including a body not sent as application/json: \`unsupported_media_type\`, or a refused Webhook-URL: \`webhook_url_refused\`${p.mode === "image" ? ", or a picture outside the video models' limits: `image_outside_model_limits`, its `detail` naming the field and what to fix" : ""}) or the content policy before payment; never charged.`,
          ),
          "409": problem(
            "A request with this Idempotency-Key, payment authorization or payment-identifier is still in progress (`idempotency_key_in_flight`, `payment_in_flight`, `payment_identifier_in_flight`), or the payment-identifier was used with another payment or body (`payment_identifier_reused`).",
          ),
          "422": problem(
            p.mode === "image"
              ? "Idempotency-Key reused with a different request, or an image URL refused or not fetchable (`image_fetch_refused`, `image_fetch_failed`) or out of range (`image_dimensions`)."
              : "Idempotency-Key reused with a different request.",
          ),
          ...(p.mode === "image"
            ? {
                "404": problem(
                  "`image` or `last_image` names an unknown upload (`upload_not_found`).",
                ),
                "410": problem("The upload expired (`upload_expired`); upload it again."),
                "413": problem("A fetched image is too large (`image_too_large`)."),
                "415": problem(
                  "A fetched URL is not a JPEG, PNG or WebP still image (`unsupported_image`).",
                ),
              }
            : {}),
          "429": problem("Rate limit exceeded or IP temporarily blocked; see Retry-After."),
          "503": problem("At capacity; rejected before payment; never charged."),
        },
      },
    };
  }
  const live = liveJobPaths(problem);
  paths["/jobs/{id}"] = {
    get: {
      operationId: "get_job",
      tags: ["jobs"],
      security: [],
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
      ],
      responses: {
        "200": json("The job.", "#/components/schemas/Job"),
        "404": problem("Unknown job id."),
      },
    },
    delete: live.cancel,
  };
  paths["/jobs/{id}/events"] = live.events;
  paths["/jobs"] = live.history;
  paths["/uploads"] = uploadsPathItem(problem);
  paths["/status"] = freeGet("get_status", {
    "200": json("Live statistics.", "#/components/schemas/Status"),
  });
  paths["/"] = freeGet("get_storefront", {
    "200": document("Storefront JSON.", "application/json", "object"),
  });
  paths["/llms.txt"] = freeGet("get_llms_txt", {
    "200": document("Markdown storefront for agents.", "text/plain", "string"),
  });
  paths["/openapi.json"] = freeGet("get_openapi", {
    "200": document("This document.", "application/json", "object"),
  });
  paths["/.well-known/x402"] = freeGet(
    "get_well_known_x402",
    {
      "200": document(
        "x402 discovery list (version 1): every paid resource's URL and short instructions.",
        "application/json",
        "object",
      ),
    },
    "The paid resources as x402scan's fan-out list reads them: `version`, `resources` (absolute URLs, each answering POST with its 402), `instructions`.",
  );
  paths["/.well-known/did.json"] = freeGet(
    "get_did_document",
    {
      "200": document(
        "DID document with the Ed25519 key (JWK) that signs offers and receipts.",
        "application/did+json",
        "object",
      ),
    },
    `The service's DID document (did:web). ${RECEIPT_FACTS.key}.`,
  );
  paths["/healthz"] = freeGet(
    "get_healthz",
    { "200": health("Process up.", "ok") },
    "Liveness for load balancers: the process is up. Touches no database or network.",
  );
  paths["/readyz"] = freeGet(
    "get_readyz",
    {
      "200": health("Ready for paid work.", "ready"),
      "503": problem(
        "Not ready (`unavailable`); `failures` lists each failing check (`database`, `migrations`, `facilitator`) with a reason.",
      ),
    },
    "Readiness for load balancers: database reachable, every migration applied, the facilitator reachable when it is a remote one (its answer cached a few seconds).",
  );

  return {
    openapi: "3.1.0",
    info: {
      title: SERVICE_NAME,
      version: "1.0.0",
      description: SERVICE_DESCRIPTION,
      // No operator address is configured: the service's own origin is where to reach it.
      contact: { name: SERVICE_NAME, url: baseUrl },
      "x-guidance": agentGuidance(baseUrl, env),
    },
    "x-agentcash-guidance": { llmsTxtUrl: `${baseUrl}/llms.txt` },
    servers: [{ url: baseUrl }],
    security: [],
    tags: [
      { name: "generation", description: "Paid video generation (x402)." },
      { name: "jobs", description: "Free job polling." },
      { name: "uploads", description: "Free image uploads for image-to-video requests." },
      { name: "service", description: "Free discovery and statistics." },
    ],
    "x-payment-info": payment,
    "x-mcp": mcpOpenApiExtension(baseUrl),
    paths,
    components: {
      schemas: {
        JobCreated: toSchema(jobCreatedSchema),
        Job: toSchema(jobViewSchema),
        Status: toSchema(statusSchema),
        Problem: toSchema(problemSchema),
        PaymentRequired: {
          type: "object",
          required: ["x402Version", "resource", "accepts"],
          properties: {
            x402Version: { const: 2 },
            error: { type: "string" },
            resource: { type: "object" },
            accepts: { type: "array", items: { type: "object" } },
            extensions: { type: "object" },
          },
        },
      },
    },
  };
}
