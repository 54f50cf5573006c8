import { FREE_TOOLS, paidTools, priceSentence } from "@/lib/http/mcp/mcp-tools";

export const MCP_PATH = "/mcp";
const TRANSPORT = "streamable-http";
const PAYMENT =
  'x402 MCP transport (x402 v2, scheme exact, USDC): a paid tool called without payment answers the PaymentRequired as a tool error (isError, structuredContent and content[0].text), or as a payment_required result to a client advertising the org.x402/payment extension; call again with the signed PaymentPayload in params._meta["x402/payment"]; the settlement comes back in result._meta["x402/payment-response"]. The same payment sent again is never charged twice.';

/** The remote MCP server as the storefront (GET /) lists it: where, how, and every tool with its price. */
export function mcpFacts(baseUrl: string) {
  return {
    url: `${baseUrl}${MCP_PATH}`,
    transport: TRANSPORT,
    sessions: "stateless: POST only, JSON answers, no Mcp-Session-Id",
    payment: PAYMENT,
    free_tools: FREE_TOOLS.map((t) => ({ name: t.name, description: t.description })),
    paid_tools: paidTools().map(({ tool, product }) => ({
      name: tool.name,
      sku: product.sku,
      price: priceSentence(product),
    })),
  };
}

/** The OpenAPI document's top-level pointer to the same service over MCP. */
export function mcpOpenApiExtension(baseUrl: string) {
  return { url: `${baseUrl}${MCP_PATH}`, transport: TRANSPORT, payment: "x402 MCP transport" };
}

/** llms.txt's line about the MCP endpoint. */
export function mcpLlmsLine(baseUrl: string): string {
  return `- [POST ${MCP_PATH}](${baseUrl}${MCP_PATH}): the same service as a remote MCP server (Streamable HTTP, stateless). Free tools quote, job_status, storefront; one paid tool per product (${paidTools()
    .map((p) => p.tool.name)
    .join(", ")}), each taking the product's body as its arguments. ${PAYMENT}`;
}
