import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import type { PaymentRequired } from "@x402/core/types";
import { devnetAccount } from "@/lib/devnet/accounts";
import type { McpToolResult, Step } from "../helpers/remote-mcp-client";
import { type Stack, startStack } from "../helpers/stack";

const execFileAsync = promisify(execFile);
const TOOL = "generate_alpha_fast_custom";
const BODY = { prompt: "a paper boat on a pond", duration: 4, resolution: "480p" };

type Result = McpToolResult;

/** The remote MCP endpoint of the built server, spoken to by an MCP client in another process. */
describe("remote MCP: tools paid per call over the x402 MCP transport, on the devnet", () => {
  let stack: Stack;
  /** Runs the steps in a separate client process and returns its answers. */
  const agent = async (steps: Step[]) => {
    const { stdout } = await execFileAsync(process.execPath, [
      "--import",
      "tsx",
      "tests/helpers/remote-mcp-client.ts",
      `${stack.server.url}/mcp`,
      JSON.stringify(steps),
    ]);
    return JSON.parse(stdout) as unknown[];
  };

  before(async () => {
    stack = await startStack({ database: "pglite" });
  });
  after(async () => {
    await stack?.close();
  });

  test("lists the free tools and a paid tool per product, each paid one stating its price", async () => {
    const [listed] = (await agent([{ op: "list" }])) as [
      { tools: { name: string; description: string }[] },
    ];
    const names = listed.tools.map((t) => t.name).sort();
    assert.deepEqual(names, [
      "generate_alpha_5s_720p",
      "generate_alpha_custom",
      "generate_alpha_fast_5s_720p",
      "generate_alpha_fast_custom",
      "generate_alpha_fast_image_to_video",
      "generate_alpha_image_to_video",
      "job_status",
      "quote",
      "storefront",
    ]);
    for (const t of listed.tools.filter((t) => t.name.startsWith("generate_")))
      assert.match(t.description, /Price: /, t.name);
  });

  test("unpaid: the PaymentRequired as a tool error, or as payment_required with the extension", async () => {
    const [quoted, toolResult, extension] = (await agent([
      { op: "call", name: "quote", args: { product: "alpha-fast-custom", params: BODY } },
      { op: "call", name: TOOL, args: BODY },
      { op: "call", name: TOOL, args: BODY, extension: true },
    ])) as Result[];
    const amount = quoted?.structuredContent?.price_atomic;
    assert.equal(amount, "260000");
    assert.equal(toolResult?.isError, true);
    const required = toolResult?.structuredContent as unknown as PaymentRequired;
    assert.equal(required.x402Version, 2);
    assert.equal(required.accepts[0]?.amount, amount);
    assert.deepEqual(JSON.parse(toolResult?.content?.[0]?.text ?? ""), required);
    assert.equal(extension?.resultType, "payment_required");
    assert.equal(extension?.paymentRequired?.accepts[0]?.amount, amount);
  });

  test("paid: the job is created, the payer is charged the quote once though the call is sent twice", {
    timeout: 120_000,
  }, async () => {
    const payer = devnetAccount(6).address;
    const before = await stack.chain.balanceOf(payer);
    const [paid] = (await agent([
      { op: "call", name: TOOL, args: BODY, pay: { account: 6, times: 2 } },
    ])) as [{ required: PaymentRequired; paid: Result[] }];
    const [first, second] = paid.paid;
    assert.equal(first?.isError, undefined, JSON.stringify(first));
    const job = first?.structuredContent as { job_id: string; status_url: string };
    assert.equal(job.status_url, `${stack.server.url}/jobs/${job.job_id}`);
    const settlement = first?._meta?.["x402/payment-response"] as {
      success: boolean;
      payer: string;
    };
    assert.equal(settlement.success, true);
    assert.equal(settlement.payer.toLowerCase(), payer.toLowerCase());
    assert.equal(second?.structuredContent?.job_id, job.job_id);
    const charged = before - (await stack.chain.balanceOf(payer));
    assert.equal(charged, BigInt(paid.required.accepts[0]?.amount ?? "0"));
    assert.equal(charged, 260_000n);

    const [viewed] = (await agent([
      { op: "call", name: "job_status", args: { job_id: job.job_id } },
    ])) as Result[];
    assert.equal(viewed?.structuredContent?.job_id, job.job_id);
  });

  test("a prompt the content policy refuses is refused before any payment is asked or taken", async () => {
    const payer = devnetAccount(7).address;
    const before = await stack.chain.balanceOf(payer);
    const [refused] = (await agent([
      { op: "call", name: TOOL, args: { ...BODY, prompt: "a nude woman on a bed" } },
    ])) as Result[];
    assert.equal(refused?.isError, true);
    assert.equal(refused?.structuredContent?.code, "content_policy");
    assert.equal(refused?.structuredContent?.accepts, undefined);
    assert.equal(await stack.chain.balanceOf(payer), before);
  });

  test("a malformed payment in _meta: the PaymentRequired again, with the reason", async () => {
    const [garbage, partial] = (await agent([
      { op: "call", name: TOOL, args: BODY, meta: { "x402/payment": "not a payment" } },
      { op: "call", name: TOOL, args: BODY, meta: { "x402/payment": { x402Version: 2 } } },
    ])) as Result[];
    for (const r of [garbage, partial]) {
      assert.equal(r?.isError, true);
      const required = r?.structuredContent as unknown as PaymentRequired;
      assert.equal(required.accepts[0]?.amount, "260000");
      assert.match(String(required.error), /payment/i);
    }
  });

  test("malformed JSON-RPC is a JSON-RPC error, never a 500", async () => {
    for (const body of ["{", '{"hello":1}', "[]"]) {
      const res = await fetch(`${stack.server.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body,
      });
      assert.equal(res.status, 400, body);
      const json = (await res.json()) as { jsonrpc: string; error: { code: number } };
      assert.equal(json.jsonrpc, "2.0");
      assert.ok(json.error.code < 0);
    }
    const get = await fetch(`${stack.server.url}/mcp`, {
      headers: { accept: "text/event-stream" },
    });
    assert.equal(get.status, 405);
    assert.match(get.headers.get("allow") ?? "", /POST/);
  });
});
