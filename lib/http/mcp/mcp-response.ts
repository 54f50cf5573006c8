import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { buildStorefront } from "@/lib/http/storefront/storefront";
import { publicBaseUrl } from "@/lib/http/api/base-url";
import { clientIdentity } from "@/lib/http/api/client-identity";
import { freeReadRefusal } from "@/lib/http/api/free-guard";
import { isJsonContentType, readBodyLimited } from "@/lib/catalog";
import { jobView } from "@/lib/notify";
import { getEnv } from "@/lib/platform";
import { services } from "@/lib/server";
import { createRemoteMcpServer, type RemoteMcpContext } from "@/lib/http/mcp/remote-mcp-server";

/** Room around a generation body in a tools/call message: the JSON-RPC envelope and a payment. */
const ENVELOPE_BYTES = 16_384;

/**
 * POST /mcp: the remote MCP server over Streamable HTTP, stateless (a server and transport per
 * request, JSON answers, no session): GET has no event stream to open and DELETE no session to
 * end, so both are 405 (the route table's answer). Every message takes a free read of the per-IP
 * budget; a paid tool call then goes through the generation POSTs' guard and checkout.
 */
export async function mcpResponse(request: Request): Promise<Response> {
  const refused = freeReadRefusal(request, "/mcp");
  if (refused) return refused;
  const env = getEnv();
  const rateLimit: Record<string, string> = {};
  const ctx: RemoteMcpContext = {
    baseUrl: publicBaseUrl(),
    client: clientIdentity(request),
    maxBodyBytes: env.limits.maxBodyBytes,
    guard: services(),
    jobView: async (id) => jobView(await services().db(), id, services().jobViewContext()),
    storefront: buildStorefront,
    onRateLimit: (fields) => Object.assign(rateLimit, fields),
  };
  const response = await serveMcp(request, ctx, env.limits.maxBodyBytes + ENVELOPE_BYTES);
  for (const [k, v] of Object.entries(rateLimit)) response.headers.set(k, v);
  return response;
}

/** One MCP HTTP request answered by a fresh server: the body read within `maxBytes`, never a 500 for what a client sends. */
export async function serveMcp(
  request: Request,
  ctx: RemoteMcpContext,
  maxBytes: number,
): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = createRemoteMcpServer(ctx);
  await server.connect(transport);
  try {
    // The transport answers a wrong Accept or Content-Type itself, before any body is read.
    if (request.method !== "POST" || !isJsonContentType(request.headers.get("content-type")))
      return await transport.handleRequest(request);
    const bytes = await readBodyLimited(request, maxBytes);
    if (bytes === "too_large")
      return jsonRpcError(413, -32600, `The request body must be at most ${maxBytes} bytes.`);
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      return jsonRpcError(400, -32700, "Parse error: the body is not UTF-8 JSON.");
    }
    // JSON-RPC 2.0: an empty batch is an invalid request (the transport would accept it as nothing).
    if (Array.isArray(parsedBody) && parsedBody.length === 0)
      return jsonRpcError(400, -32600, "Invalid Request: an empty batch.");
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
}
