import { ALL_PRODUCTS } from "@/lib/catalog";
import { getEnv } from "@/lib/platform";
import { agentGuidance } from "@/lib/http/storefront/agent-guidance";

/**
 * GET /.well-known/x402: the fan-out list x402scan and its MCP read when they do not start from
 * OpenAPI (version 1: every paid resource as an absolute URL, which they probe with POST for
 * its 402, plus optional instructions). The paid routes are the catalog's, as in OpenAPI; the
 * prices stay in the 402 and in OpenAPI's x-payment-info, which this format has no field for.
 */
export function buildWellKnownX402(baseUrl: string) {
  return {
    version: 1,
    resources: ALL_PRODUCTS.map((p) => `${baseUrl}${p.path}`),
    instructions: agentGuidance(baseUrl, getEnv()),
  };
}
