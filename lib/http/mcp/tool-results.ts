import { decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired, SettleResponse } from "@x402/core/types";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { CheckoutOutcome } from "@/lib/checkout";
import type { Refusal } from "@/lib/platform";
import { refusalParts } from "@/lib/http/api/problem";
import { PAYMENT_RESPONSE_META_KEY } from "@/lib/http/mcp/payment-meta";

/** How a payment-required answer is given: as a tool error, or as the extension's own result type. */
export type PaymentBinding = "tool-result" | "extension";

export type ResultContext = {
  binding: PaymentBinding;
  /** The service origin, so the status URL a client is given is absolute. */
  baseUrl: string;
  /** The tool's path the refusal problem names (the HTTP route of the same product). */
  instance?: string;
  /** MCP 2026-07-28 and later: results carry `resultType: "complete"`. */
  resultType: boolean;
};

/** A tool result; the extension's `payment_required` is a result of its own, outside CallToolResult. */
export type ToolAnswer = CallToolResult | PaymentRequiredResult;

export type PaymentRequiredResult = {
  resultType: "payment_required";
  paymentRequired: PaymentRequired;
  _meta?: Record<string, unknown>;
};

/**
 * The checkout's outcome as an MCP tool result (x402 MCP transport, specs/transports-v2/mcp.md):
 * a refusal is a tool error carrying its problem (nothing is asked to be paid); a challenge is the
 * PaymentRequired, as `structuredContent` and `content[0].text` with isError, or as the
 * extension's `payment_required` result; a job (created, or an earlier answer replayed) is its
 * JobCreated with an absolute status URL and the settlement in `_meta["x402/payment-response"]`.
 */
export function toolAnswer(outcome: CheckoutOutcome, ctx: ResultContext): ToolAnswer {
  switch (outcome.kind) {
    case "refused":
      return complete(refusalResult(outcome, ctx.instance), ctx);
    case "challenge":
      return paymentRequiredAnswer(outcome.required, outcome.settlement, ctx);
    case "created":
      return complete(jobResult(outcome.body, ctx.baseUrl, outcome.settlement), ctx);
    case "replayed":
      return complete(
        jobResult(outcome.body, ctx.baseUrl, settlementOf(outcome.paymentResponse), true),
        ctx,
      );
  }
}

/** A refusal decided before the checkout (the guard's 429/503, say), as the same tool error. */
export function refusalResult(r: Refusal, instance?: string): CallToolResult {
  const { body } = refusalParts(r, instance ? { instance } : {});
  return {
    isError: true,
    content: [{ type: "text", text: body }],
    structuredContent: JSON.parse(body) as Record<string, unknown>,
  };
}

function paymentRequiredAnswer(
  required: PaymentRequired,
  settlement: SettleResponse | undefined,
  ctx: ResultContext,
): ToolAnswer {
  const meta = settlement ? { _meta: { [PAYMENT_RESPONSE_META_KEY]: settlement } } : {};
  if (ctx.binding === "extension")
    return { resultType: "payment_required", paymentRequired: required, ...meta };
  return complete(
    {
      isError: true,
      structuredContent: required as unknown as Record<string, unknown>,
      content: [{ type: "text", text: JSON.stringify(required) }],
      ...meta,
    },
    ctx,
  );
}

function jobResult(
  body: unknown,
  baseUrl: string,
  settlement: SettleResponse | undefined,
  replayed = false,
): CallToolResult {
  const job = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const statusUrl = typeof job.status_url === "string" ? job.status_url : null;
  const structured: Record<string, unknown> = {
    ...job,
    ...(statusUrl ? { status_url: new URL(statusUrl, baseUrl).href } : {}),
    ...(replayed ? { replayed: true } : {}),
  };
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
    ...(settlement ? { _meta: { [PAYMENT_RESPONSE_META_KEY]: settlement } } : {}),
  };
}

/** The settlement an earlier answer carried, stored as its PAYMENT-RESPONSE header. */
function settlementOf(header: string | undefined): SettleResponse | undefined {
  if (!header) return undefined;
  try {
    return decodePaymentResponseHeader(header);
  } catch {
    return undefined;
  }
}

function complete(result: CallToolResult, ctx: ResultContext): CallToolResult {
  return ctx.resultType ? { resultType: "complete", ...result } : result;
}
