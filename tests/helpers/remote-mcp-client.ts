/**
 * An MCP client in a process of its own, on the official SDK over Streamable HTTP, as an agent
 * runs one: `node --import tsx tests/helpers/remote-mcp-client.ts <mcp-url> '<steps JSON>'`.
 * Prints one JSON array with each step's answer. A `pay` step calls the tool unpaid, signs the
 * PaymentRequired it gets with devnet account #account (the stock x402 client) and sends that same
 * payment `times` times.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { PaymentRequired } from "@x402/core/types";
import { payingFetch } from "./payer";

/** A tools/call result as both x402 MCP bindings shape it. */
export type McpToolResult = {
  isError?: boolean;
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  resultType?: string;
  paymentRequired?: PaymentRequired;
};

export type Step =
  | { op: "list" }
  | {
      op: "call";
      name: string;
      args: Record<string, unknown>;
      meta?: Record<string, unknown>;
      /** Advertise the org.x402/payment extension in the request's client capabilities. */
      extension?: boolean;
      pay?: { account: number; times: number };
    };

const EXTENSION_META = {
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "org.x402/payment": {} } },
};

async function main() {
  const [url = "", plan = "[]"] = process.argv.slice(2);
  const steps = JSON.parse(plan) as Step[];
  const client = new Client({ name: "remote-mcp-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const out: unknown[] = [];
  for (const step of steps) {
    if (step.op === "list") {
      out.push(await client.listTools());
      continue;
    }
    const meta = { ...(step.extension ? EXTENSION_META : {}), ...step.meta };
    const call = (extra: Record<string, unknown> = {}) =>
      client.callTool({ name: step.name, arguments: step.args, _meta: { ...meta, ...extra } });
    const first = await call();
    if (!step.pay) {
      out.push(first);
      continue;
    }
    const required = (first.paymentRequired ?? first.structuredContent) as PaymentRequired;
    const payload = await payingFetch(step.pay.account).client.createPaymentPayload(required);
    const paid: unknown[] = [];
    for (let i = 0; i < step.pay.times; i++) paid.push(await call({ "x402/payment": payload }));
    out.push({ required, paid });
  }
  await client.close();
  process.stdout.write(JSON.stringify(out));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
