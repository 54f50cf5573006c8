import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { requestBodyJsonSchema, findAnyProductBySku } from "@/lib/catalog";
import { clientIdentity } from "@/lib/http/api/client-identity";
import { serveMcp } from "@/lib/http/mcp/mcp-response";
import type { RemoteMcpContext } from "@/lib/http/mcp/remote-mcp-server";
import { toolAnswer } from "@/lib/http/mcp/tool-results";
import { refusal } from "@/lib/platform/errors/refusal";
import { services } from "@/lib/server/services";
import { startCheckoutHarness } from "../helpers/checkout";
import { payingFetch } from "../helpers/payer";
import type { McpToolResult } from "../helpers/remote-mcp-client";

const BASE = "http://reel402.test";
const CUSTOM = "generate_alpha_fast_custom";
const BODY = { prompt: "a paper boat on a pond", duration: 4, resolution: "480p" };
const PRICE = 260_000; // alpha-fast 4 s 480p: 0.065 × 4, rounded up to the cent
const EXTENSION_META = {
  "io.modelcontextprotocol/clientCapabilities": { extensions: { "org.x402/payment": {} } },
};

type ToolResult = McpToolResult;

describe("outcome mapping", () => {
  const ctx = { binding: "tool-result" as const, baseUrl: BASE, resultType: false };
  const required = {
    x402Version: 2,
    error: "Payment required",
    resource: {
      url: `${BASE}/generate/alpha/custom`,
      description: "d",
      mimeType: "application/json",
    },
    accepts: [],
  } as unknown as PaymentRequired;
  const settlement = {
    success: true,
    transaction: "0xabc",
    network: "eip155:31337",
    payer: "0x1",
  } as const;

  test("a refusal is a tool error carrying the problem, with no payment asked", () => {
    const r = toolAnswer(refusal("content_policy", "no", { category: "sexual" }), {
      ...ctx,
      instance: "/generate/alpha/custom",
    }) as ToolResult;
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent?.code, "content_policy");
    assert.equal(r.structuredContent?.status, 403);
    assert.equal(r.structuredContent?.accepts, undefined);
    assert.deepEqual(JSON.parse(r.content?.[0]?.text ?? ""), r.structuredContent);
  });

  test("a challenge: PaymentRequired in structuredContent and content[0].text, or the extension's result", () => {
    const tool = toolAnswer({ kind: "challenge", required, settlement }, ctx) as ToolResult;
    assert.equal(tool.isError, true);
    assert.deepEqual(tool.structuredContent, required);
    assert.equal(tool.content?.[0]?.text, JSON.stringify(required));
    assert.deepEqual(tool._meta, { "x402/payment-response": settlement });
    const ext = toolAnswer({ kind: "challenge", required }, { ...ctx, binding: "extension" });
    assert.deepEqual(ext, { resultType: "payment_required", paymentRequired: required });
  });

  test("a job: absolute status URL and the settlement in _meta; a replay decodes the stored header", () => {
    const body = { job_id: "j1", status: "queued", status_url: "/jobs/j1" };
    const created = toolAnswer(
      { kind: "created", status: 200, body: body as never, settlement },
      ctx,
    ) as ToolResult;
    assert.equal(created.isError, undefined);
    assert.equal(created.structuredContent?.status_url, `${BASE}/jobs/j1`);
    assert.deepEqual(created._meta, { "x402/payment-response": settlement });
    const replayed = toolAnswer(
      {
        kind: "replayed",
        by: "payment",
        body,
        paymentResponse: encodePaymentResponseHeader(settlement),
      },
      { ...ctx, resultType: true },
    ) as ToolResult;
    assert.equal(replayed.resultType, "complete");
    assert.equal(replayed.structuredContent?.replayed, true);
    assert.deepEqual(replayed._meta, { "x402/payment-response": settlement });
    const garbled = toolAnswer(
      { kind: "replayed", by: "payment", body, paymentResponse: "%%%" },
      ctx,
    ) as ToolResult;
    assert.equal(garbled._meta, undefined);
  });
});

/** The remote MCP server in-process, spoken to by the SDK's client over its HTTP transport. */
describe("the remote MCP server", () => {
  let h: Awaited<ReturnType<typeof startCheckoutHarness>>;
  let ctx: RemoteMcpContext;
  let limit: number;
  const serve = (url: string | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set("x-reel402-peer", "10.9.0.1");
    return serveMcp(new Request(url, { ...init, headers }), ctx, limit);
  };
  const connect = async () => {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
        fetch: (url, init) => serve(url, init),
      }),
    );
    return client;
  };
  const call = async (
    name: string,
    args: Record<string, unknown>,
    _meta?: Record<string, unknown>,
  ) => {
    const client = await connect();
    try {
      return (await client.callTool({
        name,
        arguments: args,
        ...(_meta ? { _meta } : {}),
      })) as ToolResult;
    } finally {
      await client.close();
    }
  };

  before(async () => {
    h = await startCheckoutHarness();
    const request = new Request(`${BASE}/mcp`, { headers: { "x-reel402-peer": "10.9.0.1" } });
    limit = h.env.limits.maxBodyBytes + 16_384;
    ctx = {
      baseUrl: BASE,
      client: clientIdentity(request),
      maxBodyBytes: h.env.limits.maxBodyBytes,
      guard: { ...services(), resourceServer: async () => h.server },
      jobView: async () => null,
      storefront: () => ({ service: "Reel402" }),
    };
  });
  after(async () => {
    await h?.close();
  });

  test("lists the free tools and one paid tool per product, with its body schema and price", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    await client.close();
    const names = tools.map((t) => t.name);
    for (const free of ["quote", "job_status", "storefront"]) assert.ok(names.includes(free));
    for (const paid of [
      "generate_alpha_5s_720p",
      "generate_alpha_fast_5s_720p",
      "generate_alpha_custom",
      CUSTOM,
      "generate_alpha_image_to_video",
      "generate_alpha_fast_image_to_video",
    ])
      assert.ok(names.includes(paid), paid);
    const custom = tools.find((t) => t.name === CUSTOM);
    const product = findAnyProductBySku("alpha-fast-custom");
    assert.ok(product);
    assert.deepEqual(custom?.inputSchema, requestBodyJsonSchema(product));
    assert.match(custom?.description ?? "", /480p 0\.065, 720p 0\.182/);
    const fixed = tools.find((t) => t.name === "generate_alpha_5s_720p");
    assert.match(fixed?.description ?? "", /Price: 0\.96 USDC \(960000 atomic units\)/);
  });

  test("quote prices a body from the price book, and refuses an invalid one with its field", async () => {
    const q = await call("quote", { product: "alpha-fast-custom", params: BODY });
    assert.deepEqual(q.structuredContent, {
      sku: "alpha-fast-custom",
      price_atomic: String(PRICE),
      price_usd: "0.26",
      asset: "USDC",
    });
    const bad = await call("quote", {
      product: "alpha-fast-custom",
      params: { ...BODY, resolution: "1080p" },
    });
    assert.equal(bad.isError, true);
    assert.equal(bad.structuredContent?.code, "invalid_request");
  });

  let required: PaymentRequired;

  test("unpaid: the PaymentRequired as a tool error (tool-result binding)", async () => {
    const r = await call(CUSTOM, BODY);
    assert.equal(r.isError, true);
    const pr = r.structuredContent as unknown as PaymentRequired;
    assert.equal(pr.x402Version, 2);
    assert.equal(pr.accepts[0]?.amount, String(PRICE));
    assert.equal(pr.resource?.url, `${BASE}/generate/alpha-fast/custom`);
    assert.deepEqual(JSON.parse(r.content?.[0]?.text ?? ""), pr);
    required = pr;
  });

  test("unpaid, the extension advertised: a payment_required result", async () => {
    const r = await call(CUSTOM, BODY, EXTENSION_META);
    assert.equal(r.resultType, "payment_required");
    assert.equal(r.isError, undefined);
    assert.equal(r.paymentRequired?.accepts[0]?.amount, String(PRICE));
  });

  test("paid: a job, the settlement in _meta, charged the quote exactly once though sent twice", async () => {
    const payer = payingFetch(3);
    const payload: PaymentPayload = await payer.client.createPaymentPayload(required);
    const before = await h.chain.balanceOf(payer.account.address);
    const first = await call(CUSTOM, BODY, { "x402/payment": payload });
    assert.equal(first.isError, undefined, JSON.stringify(first));
    const job = first.structuredContent as { job_id: string; status_url: string; status: string };
    assert.match(job.job_id, /^[0-9a-f-]{36}$/);
    assert.equal(job.status_url, `${BASE}/jobs/${job.job_id}`);
    const settlement = first._meta?.["x402/payment-response"] as {
      success: boolean;
      transaction: string;
      payer: string;
    };
    assert.equal(settlement.success, true);
    assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(settlement.payer.toLowerCase(), payer.account.address.toLowerCase());
    const after = await h.chain.balanceOf(payer.account.address);
    assert.equal(before - after, BigInt(PRICE));

    const again = await call(CUSTOM, BODY, { "x402/payment": payload });
    assert.equal((again.structuredContent as { job_id: string }).job_id, job.job_id);
    assert.equal(await h.chain.balanceOf(payer.account.address), after);
  });

  test("reel402/idempotency-key: a fresh signature for the same call by the same wallet is not charged again", async () => {
    const payer = payingFetch(5);
    const key = { "reel402/idempotency-key": "mcp-retry-1" };
    const before = await h.chain.balanceOf(payer.account.address);
    const first = await call(CUSTOM, BODY, {
      ...key,
      "x402/payment": await payer.client.createPaymentPayload(required),
    });
    const retry = await call(CUSTOM, BODY, {
      ...key,
      "x402/payment": await payer.client.createPaymentPayload(required),
    });
    assert.equal(first.isError, undefined, JSON.stringify(first));
    assert.equal(retry.structuredContent?.job_id, first.structuredContent?.job_id);
    assert.equal(retry.structuredContent?.replayed, true);
    assert.equal(before - (await h.chain.balanceOf(payer.account.address)), BigInt(PRICE));
  });

  test("a prompt the content policy refuses is refused before any payment is taken", async () => {
    const payer = payingFetch(4);
    const payload = await payer.client.createPaymentPayload(required);
    const before = await h.chain.balanceOf(payer.account.address);
    const r = await call(
      CUSTOM,
      { ...BODY, prompt: "a nude woman on a bed" },
      { "x402/payment": payload },
    );
    assert.equal(r.isError, true);
    assert.equal(r.structuredContent?.code, "content_policy");
    assert.equal(r.structuredContent?.accepts, undefined);
    assert.equal(await h.chain.balanceOf(payer.account.address), before);
  });

  test("a malformed payment in _meta: the PaymentRequired again, saying why", async () => {
    for (const bad of ["not a payment", { x402Version: 2 }, 42]) {
      const r = await call(CUSTOM, BODY, { "x402/payment": bad });
      assert.equal(r.isError, true);
      const pr = r.structuredContent as unknown as PaymentRequired;
      assert.equal(pr.accepts[0]?.amount, String(PRICE));
      assert.match(String(pr.error), /invalid|must|required/i, JSON.stringify(pr.error));
      const ext = await call(CUSTOM, BODY, { ...EXTENSION_META, "x402/payment": bad });
      assert.equal(ext.resultType, "payment_required");
      assert.equal(ext.paymentRequired?.error, pr.error);
    }
  });

  test("malformed JSON-RPC and oversized bodies are JSON-RPC errors, never a 500", async () => {
    const post = (body: string) =>
      serve(`${BASE}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body,
      });
    for (const [body, status, code] of [
      ["{", 400, -32700],
      ["[]", 400, -32600],
      ['{"hello":"world"}', 400, -32700],
      [`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`, 400, -32700],
      // The SDK answers a request its own schema refuses with an internal error, over HTTP 200.
      [`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}`, 200, -32603],
      ["x".repeat(limit + 1), 413, -32600],
    ] as const) {
      const res = await post(body);
      assert.equal(res.status, status, body.slice(0, 40));
      const json = (await res.json()) as { error?: { code: number } };
      assert.equal(json.error?.code, code, body.slice(0, 40));
    }
    const unknown = await call("no_such_tool", {}).catch((e: Error) => e);
    assert.ok(unknown instanceof Error || unknown.isError === true);
  });
});
