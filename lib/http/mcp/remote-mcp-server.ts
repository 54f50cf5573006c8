import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { type CheckoutInput, guardedCheckout } from "@/lib/checkout";
import { type ClientIdentity, describeError, isRefusalError, refusal } from "@/lib/platform";
import { FREE_TOOLS, paidTools } from "@/lib/http/mcp/mcp-tools";
import {
  advertisesPaymentExtension,
  needsResultType,
  PAYMENT_EXTENSION,
  paymentSignatureFromMeta,
} from "@/lib/http/mcp/payment-meta";
import { quoteTool } from "@/lib/http/mcp/quote-tool";
import { refusalResult, type ToolAnswer, toolAnswer } from "@/lib/http/mcp/tool-results";

/** An Idempotency-Key for a paid call, as the HTTP route takes it in the header of that name. */
export const IDEMPOTENCY_META_KEY = "reel402/idempotency-key";

/** What one /mcp request is served with: the process's services and who is calling. */
export type RemoteMcpContext = {
  /** The service origin: resource URLs and absolute status URLs. */
  baseUrl: string;
  client: ClientIdentity;
  /** The generation body's limit, as the HTTP route applies it to its body. */
  maxBodyBytes: number;
  /** The guard and the checkout's services (the composition root's, in the app). */
  guard: Parameters<typeof guardedCheckout>[0];
  /** The one job view, as GET /jobs/{id} shows it; null for an unknown job. */
  jobView: (id: string) => Promise<unknown | null>;
  /** The GET / document. */
  storefront: () => unknown;
  /** Receives the per-IP guard's RateLimit fields, for the HTTP answer that carries the result. */
  onRateLimit?: (fields: Record<string, string>) => void;
};

const jobIdSchema = z.object({ job_id: z.uuid() });

/**
 * The remote MCP server: free tools (quote, job_status, storefront) and one paid tool per
 * product, each paid call going through the same guard and checkout as POST /generate/…. Built
 * per request (stateless Streamable HTTP), so nothing outlives the request.
 */
export function createRemoteMcpServer(ctx: RemoteMcpContext): Server {
  const server = new Server(
    { name: "reel402", version: "1.0.0" },
    {
      capabilities: { tools: {}, extensions: { [PAYMENT_EXTENSION]: {} } },
      instructions:
        'Text- and image-to-video, paid per call in USDC with x402. quote and storefront are free; each generate_* tool answers a PaymentRequired until called with a signed PaymentPayload in _meta["x402/payment"]; then poll job_status.',
    },
  );
  const paid = paidTools();
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...FREE_TOOLS, ...paid.map((p) => p.tool)],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {}, _meta } = request.params;
    const meta = _meta as Record<string, unknown> | undefined;
    const resultType = needsResultType(meta);
    const complete = (r: CallToolResult): CallToolResult =>
      resultType ? { resultType: "complete", ...r } : r;
    const product = paid.find((p) => p.tool.name === name)?.product;
    try {
      if (product) {
        const answer: ToolAnswer = await paidCall(ctx, product, args, meta, {
          binding: advertisesPaymentExtension(meta, server.getClientCapabilities())
            ? "extension"
            : "tool-result",
          baseUrl: ctx.baseUrl,
          instance: product.path,
          resultType,
        });
        // The extension's payment_required is a result type of its own; the SDK's result check
        // keeps its fields (and adds an empty content list).
        return answer as CallToolResult;
      }
      return complete(await freeCall(ctx, name, args));
    } catch (error) {
      // The guard refuses by throwing when its store is down: a tool error like any refusal.
      if (isRefusalError(error)) return complete(refusalResult(error.refusal, product?.path));
      if (error instanceof McpError) throw error;
      const id = crypto.randomUUID();
      console.error(`[reel402] mcp ${name} failed, incident ${id}: ${describeError(error)}`);
      throw new McpError(
        ErrorCode.InternalError,
        `Something went wrong on our side (incident ${id}). Nothing was charged unless a job id was returned.`,
      );
    }
  });
  return server;
}

async function paidCall(
  ctx: RemoteMcpContext,
  product: ReturnType<typeof paidTools>[number]["product"],
  args: Record<string, unknown>,
  meta: Record<string, unknown> | undefined,
  result: Parameters<typeof toolAnswer>[1],
): Promise<ToolAnswer> {
  const readInput = async (): Promise<CheckoutInput> => {
    const bytes = new TextEncoder().encode(JSON.stringify(args));
    const key = meta?.[IDEMPOTENCY_META_KEY];
    return {
      family: product.family,
      productName: product.product,
      baseUrl: ctx.baseUrl,
      body: bytes.byteLength > ctx.maxBodyBytes ? "too_large" : bytes,
      paymentSignature: paymentSignatureFromMeta(meta),
      idempotencyKey: typeof key === "string" ? key : key === undefined ? null : String(key),
      webhookUrl: null,
    };
  };
  const { outcome, rateLimit } = await guardedCheckout(ctx.guard, ctx.client, readInput);
  ctx.onRateLimit?.(rateLimit);
  return toolAnswer(outcome, result);
}

async function freeCall(
  ctx: RemoteMcpContext,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  switch (name) {
    case "quote": {
      const quoted = quoteTool(args);
      return "code" in quoted ? refusalResult(quoted) : structured(quoted);
    }
    case "job_status": {
      const parsed = jobIdSchema.safeParse(args);
      const job = parsed.success ? await ctx.jobView(parsed.data.job_id) : null;
      if (!job) {
        const id = parsed.success ? parsed.data.job_id : "";
        return refusalResult(refusal("not_found", "No job with this id."), `/jobs/${id}`);
      }
      return structured(job as Record<string, unknown>);
    }
    case "storefront":
      return structured(ctx.storefront() as Record<string, unknown>);
    default:
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  }
}

function structured(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}
