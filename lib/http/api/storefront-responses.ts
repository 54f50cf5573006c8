import { publicBaseUrl } from "@/lib/http/api/base-url";
import { services } from "@/lib/server";
import { json } from "@/lib/http/api/json";
import { buildOpenApiDocument } from "@/lib/http/storefront/openapi-document";
import { serviceStatus } from "@/lib/http/storefront/service-status";
import { buildLlmsTxt } from "@/lib/http/storefront/llms-txt";
import { buildStorefront } from "@/lib/http/storefront/storefront";
import { buildWellKnownX402 } from "@/lib/http/storefront/well-known-x402";

// Prices and limits come from config, so discovery documents may be cached briefly.
const DISCOVERY_CACHE = "public, max-age=60";

export function storefrontResponse(): Response {
  return json(buildStorefront(), 200, { "cache-control": DISCOVERY_CACHE, vary: "Accept" });
}

export function llmsTxtResponse(): Response {
  return new Response(buildLlmsTxt(publicBaseUrl()), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": DISCOVERY_CACHE },
  });
}

export function openApiResponse(): Response {
  return json(buildOpenApiDocument(publicBaseUrl()), 200, { "cache-control": DISCOVERY_CACHE });
}

export function wellKnownX402Response(): Response {
  return json(buildWellKnownX402(publicBaseUrl()), 200, { "cache-control": DISCOVERY_CACHE });
}

export async function statusResponse(): Promise<Response> {
  return json(await serviceStatus(await services().db()), 200, {
    "cache-control": "public, max-age=5",
  });
}
