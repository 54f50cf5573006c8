import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { validate } from "@readme/openapi-parser";
import postgres from "postgres";
import { CAMERA_FIXED_NOTE } from "@/lib/catalog/camera-fixed";
import { PRODUCTS } from "@/lib/catalog/products";
import { formatUsd } from "@/lib/catalog/quote";
import { post, requiredFromHeader } from "../helpers/http";
import { type Stack, startStack } from "../helpers/stack";

type Storefront = {
  network: string;
  payment: {
    protocol: string;
    version: number;
    scheme: string;
    currency: string;
    asset: string;
    pay_to: string;
  };
  skus: { sku: string; endpoint: string; price_usd: string; price_atomic: string }[];
  custom_endpoints: {
    sku: string;
    endpoint: string;
    request_body: { properties: Record<string, unknown> };
    pricing: {
      retail_usd_per_second: Record<string, string>;
      audio_surcharge_multiplier: number;
      fixed_fee_usd: string;
      min_price_usd: string;
      max_price_usd: string;
    };
  }[];
  limits: Record<string, unknown>;
};

describe("free endpoints agree with each other and with the 402", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({
      database: "postgres",
      env: { LIMIT_QUEUE_CAPACITY: "40", LIMIT_POSTS_PER_MINUTE_PER_IP: "60" },
    });
  });
  after(async () => {
    await stack?.close();
  });

  test("storefront, llms.txt, openapi.json and every 402 state the same prices, network, asset and limits", async () => {
    const base = stack.server.url;
    const storefront = (await (
      await fetch(`${base}/`, { headers: { accept: "application/json" } })
    ).json()) as Storefront;
    const llms = await (await fetch(`${base}/llms.txt`)).text();
    const openapiRes = await fetch(`${base}/openapi.json`);
    const openapi = (await openapiRes.json()) as {
      paths: Record<
        string,
        { post?: { operationId: string; "x-payment-info": Record<string, unknown> } }
      >;
    };

    assert.equal(storefront.network, "eip155:31337");
    assert.equal(storefront.payment.asset.toLowerCase(), stack.chain.token.toLowerCase());
    assert.deepEqual(
      [
        storefront.payment.protocol,
        storefront.payment.version,
        storefront.payment.scheme,
        storefront.payment.currency,
      ],
      ["x402", 2, "exact", "USDC"],
    );
    assert.equal(storefront.limits.queue_capacity, 40);
    assert.equal(storefront.limits.posts_per_minute_per_ip, 60);
    assert.match(llms, /Queue capacity 40/);
    assert.match(llms, /60 generation POSTs per minute/);
    assert.ok(llms.includes(stack.chain.token));

    for (const p of PRODUCTS) {
      const challenge = requiredFromHeader(
        await post(`${base}${p.path}`, { prompt: "a quiet harbour" }),
      );
      const bazaar = challenge.extensions?.bazaar as
        | { info?: { input?: { method?: string; bodyType?: string } }; schema?: unknown }
        | undefined;
      assert.equal(bazaar?.info?.input?.method, "POST", `${p.path} bazaar discovery`);
      assert.equal(bazaar?.info?.input?.bodyType, "json");
      assert.ok(bazaar?.schema);
      const info = openapi.paths[p.path]?.post?.["x-payment-info"];
      assert.ok(info, p.path);
      assert.equal(openapi.paths[p.path]?.post?.operationId, p.operationId);
      assert.equal(info.network, challenge.accepts[0]?.network);
      assert.equal(String(info.asset).toLowerCase(), challenge.accepts[0]?.asset.toLowerCase());
      if (p.mode === "fixed") {
        const sku = storefront.skus.find((s) => s.sku === p.sku);
        assert.equal(sku?.price_atomic, challenge.accepts[0]?.amount);
        assert.equal(sku?.price_usd, formatUsd(p.priceAtomic));
        assert.equal(info.amount, challenge.accepts[0]?.amount);
        assert.ok(llms.includes(`Fixed price ${formatUsd(p.priceAtomic)} USDC`), p.sku);
      } else {
        const c = storefront.custom_endpoints.find((s) => s.sku === p.sku);
        assert.ok(c);
        assert.deepEqual(info.retail_usd_per_second, c.pricing.retail_usd_per_second);
        assert.equal(c.pricing.audio_surcharge_multiplier, 1.25);
        // The 402 for the custom default (5 s 720p, no audio) equals rate × 5 from the storefront's rate.
        const rate720 = Number(c.pricing.retail_usd_per_second["720p"]) * 1_000_000;
        assert.equal(
          challenge.accepts[0]?.amount,
          String(Math.ceil((rate720 * 5) / 10_000) * 10_000),
        );
        for (const [res, rate] of Object.entries(c.pricing.retail_usd_per_second))
          assert.ok(llms.includes(`${res} ${rate}`), `${p.sku} ${res}`);
        assert.ok(
          llms.includes(`range ${c.pricing.min_price_usd}–${c.pricing.max_price_usd} USDC`),
        );
        assert.deepEqual(Object.keys(c.request_body.properties).sort(), [
          "camera_fixed",
          "duration",
          "generate_audio",
          "prompt",
          "ratio",
          "resolution",
          "seed",
        ]);
      }
    }

    // camera_fixed is a request, described alike everywhere, with the upstreams that honour it.
    const options = (
      storefront as unknown as {
        request_options: { camera_fixed: { description: string; honoured_by: string[] } };
      }
    ).request_options;
    assert.equal(options.camera_fixed.description, CAMERA_FIXED_NOTE);
    assert.deepEqual(options.camera_fixed.honoured_by, ["local"], "the devnet's local renderer");
    assert.ok(llms.includes(CAMERA_FIXED_NOTE));
    assert.ok(JSON.stringify(openapi).includes(JSON.stringify(CAMERA_FIXED_NOTE)));
  });

  test("the OpenAPI document is valid OpenAPI 3.1 with no security requirements", async () => {
    const doc = (await (await fetch(`${stack.server.url}/openapi.json`)).json()) as Record<
      string,
      unknown
    > & { openapi: string; info: { version: string }; security: unknown[] };
    assert.equal(doc.openapi, "3.1.0");
    assert.equal(doc.info.version, "1.0.0");
    assert.deepEqual(doc.security, []);
    const result = await validate(structuredClone(doc) as never);
    assert.equal(
      result.valid,
      true,
      JSON.stringify((result as { errors?: unknown }).errors ?? null).slice(0, 2000),
    );
  });

  test("llms.txt follows llmstxt.org: H1, summary, H2 sections of links", async () => {
    const res = await fetch(`${stack.server.url}/llms.txt`);
    assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
    const text = await res.text();
    const lines = text.split("\n");
    assert.equal(lines[0], "# Reel402");
    assert.ok(lines.some((l) => l.startsWith("> ")));
    assert.ok(text.includes("## Paid endpoints"));
    assert.match(text, /- \[POST \/generate\/alpha\/custom\]\(http/);
    assert.match(text, /maxAmountPerPayment/);
  });

  test("browsers asking for HTML at / get the page; everyone else JSON; CORS headers are sent", async () => {
    const html = await fetch(`${stack.server.url}/`, {
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    assert.match(html.headers.get("content-type") ?? "", /text\/html/);
    const jsonRes = await fetch(`${stack.server.url}/`);
    assert.match(jsonRes.headers.get("content-type") ?? "", /application\/json/);
    assert.equal(jsonRes.headers.get("access-control-allow-origin"), "*");
    const paid = await post(`${stack.server.url}/generate/alpha/5s-720p`, { prompt: "dunes" });
    assert.match(paid.headers.get("access-control-expose-headers") ?? "", /PAYMENT-REQUIRED/);
    const preflight = await fetch(`${stack.server.url}/generate/alpha/5s-720p`, {
      method: "OPTIONS",
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /payment-signature/);
  });

  test("/status matches a count over the jobs table after a mix of outcomes", async () => {
    const sql = postgres(stack.databaseUrl as string, { max: 1, onnotice: () => {} });
    try {
      const mk = (status: string, started: number | null, finished: number | null) => {
        const now = Date.now();
        return sql`insert into jobs (id, sku, status, spec, payer, amount_atomic, network, started_at, finished_at)
          values (${crypto.randomUUID()}, 'alpha-custom', ${status}, '{}'::jsonb, '0xabc', 1, 'eip155:31337',
            ${started === null ? null : new Date(now - started)}, ${finished === null ? null : new Date(now - finished)})`;
      };
      await mk("succeeded", 40_000, 30_000); // 10 s
      await mk("succeeded", 40_000, 20_000); // 20 s
      await mk("succeeded", 40_000, 10_000); // 30 s
      await mk("failed", 40_000, 5_000);
      await mk("queued", null, null);
      await mk("generating", 1_000, null);
      await mk("cancelled", null, 1_000);
      const [row] = await sql<{ total: number; ok: number; bad: number; active: number }[]>`
        select count(*)::int as total,
               count(*) filter (where status = 'succeeded')::int as ok,
               count(*) filter (where status = 'failed')::int as bad,
               count(*) filter (where status in ('pending_settlement','queued','generating'))::int as active
        from jobs`;
      const status = (await (await fetch(`${stack.server.url}/status`)).json()) as Record<
        string,
        unknown
      >;
      assert.equal(status.service, "Reel402");
      assert.equal(status.total_jobs, row?.total);
      assert.equal(status.delivered, row?.ok);
      assert.equal(status.in_flight, row?.active);
      assert.equal(
        status.success_rate,
        Math.round(((row?.ok ?? 0) / ((row?.ok ?? 0) + (row?.bad ?? 0))) * 10_000) / 10_000,
      );
      assert.equal(status.p50_generation_seconds, 20);
    } finally {
      await sql.end();
    }
  });
});
