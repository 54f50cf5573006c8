import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import {
  checkEndpointSchema,
  checkL2ForOpenAPI,
  checkL4ForOpenAPI,
  getOpenAPI,
  getWarningsForL2,
  getWarningsForL3,
  getWarningsForL4,
  getWarningsForOpenAPI,
  scrapeFavicon,
} from "@agentcash/discovery";
import { sanitizeResourceServiceMetadata } from "@x402/extensions/bazaar";
import { z } from "zod";
import { ALL_PRODUCTS, formatUsd, priceRange } from "@/lib/catalog";
import { resourceInfo } from "@/lib/checkout/discovery";
import { buildOpenApiDocument } from "@/lib/http/storefront/openapi-document";
import { buildWellKnownX402 } from "@/lib/http/storefront/well-known-x402";

const FAVICON = readFileSync(path.join(import.meta.dirname, "../../app/favicon.ico"));

/** The price book's own hint for a product, in USD decimal strings. */
function bookPrice(p: (typeof ALL_PRODUCTS)[number]) {
  if (p.mode === "fixed")
    return { mode: "fixed", currency: "USD", amount: formatUsd(p.priceAtomic) };
  const { minAtomic, maxAtomic } = priceRange(p);
  return { mode: "dynamic", currency: "USD", min: formatUsd(minAtomic), max: formatUsd(maxAtomic) };
}

/** x402scan's reader of /.well-known/x402 (its MCP's discovery document schema, version 1). */
const wellKnownSchema = z.object({
  version: z.literal(1),
  resources: z.array(z.string()),
  ownershipProofs: z.array(z.string()).optional(),
  instructions: z.string().optional(),
});

describe("the discovery documents as the ecosystem's auditor (@agentcash/discovery) reads them", () => {
  let server: Server;
  let origin: string;
  before(async () => {
    // The documents the routes serve, from an origin of their own: the auditor fetches them.
    server = createServer((req, res) => {
      if (req.url === "/openapi.json") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(buildOpenApiDocument(origin)));
      } else if (req.url === "/favicon.ico") {
        res.writeHead(200, { "content-type": "image/x-icon" });
        res.end(req.method === "HEAD" ? undefined : FAVICON);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server?.close();
  });

  test("OpenAPI: no error, warning or note at any level, from the document alone", async () => {
    const fetched = await getOpenAPI(origin);
    assert.ok(fetched.isOk());
    const openApi = fetched.value;
    assert.ok(openApi && !("parseFailure" in openApi), JSON.stringify(openApi));
    const l2 = checkL2ForOpenAPI(openApi);
    const warnings = [
      ...getWarningsForOpenAPI(openApi),
      ...getWarningsForL2(l2),
      ...getWarningsForL4(checkL4ForOpenAPI(openApi)),
    ];
    for (const route of l2.routes) {
      const checked = await checkEndpointSchema({ url: `${origin}${route.path}` });
      assert.ok(checked.found, route.path);
      warnings.push(...checked.advisories.flatMap((a) => getWarningsForL3(a)));
    }
    assert.deepEqual(warnings, []);
    // Every paid route is one of the catalog's, priced as the price book prices it.
    const paid = l2.routes.filter((r) => r.authMode === "paid");
    assert.deepEqual(paid.map((r) => r.path).sort(), ALL_PRODUCTS.map((p) => p.path).sort());
    for (const route of paid) assert.deepEqual(route.protocols, ["x402"], route.path);
  });

  test("every paid operation's x-payment-info.price is the price book's, and it documents its 402", () => {
    const doc = buildOpenApiDocument(origin) as unknown as {
      paths: Record<string, { post?: Record<string, unknown> & { responses: object } }>;
    };
    for (const p of ALL_PRODUCTS) {
      const op = doc.paths[p.path]?.post;
      assert.ok(op, p.path);
      const info = op["x-payment-info"] as { price: unknown; protocols: unknown };
      assert.deepEqual(info.price, bookPrice(p), p.sku);
      assert.deepEqual(info.protocols, [{ x402: { x402Version: 2, scheme: "exact" } }]);
      assert.ok("402" in op.responses, p.path);
    }
  });

  test("the favicon is found at the origin", async () => {
    assert.equal(await scrapeFavicon(origin), `${origin}/favicon.ico`);
  });

  test("/.well-known/x402 lists exactly the paid resources, as x402scan reads it", () => {
    const doc = wellKnownSchema.parse(buildWellKnownX402(origin));
    assert.deepEqual(
      doc.resources,
      ALL_PRODUCTS.map((p) => `${origin}${p.path}`),
    );
    assert.equal(new Set(doc.resources).size, doc.resources.length);
    // The instructions quote the catalog's cheapest and dearest call.
    const atomic = ALL_PRODUCTS.flatMap((p) =>
      p.mode === "fixed" ? [p.priceAtomic] : Object.values(priceRange(p)),
    );
    assert.ok(
      doc.instructions?.includes(
        `from ${formatUsd(Math.min(...atomic))} to ${formatUsd(Math.max(...atomic))} per call`,
      ),
      doc.instructions,
    );
    assert.ok((doc.instructions ?? "").length < 4000);
  });
});

test("a 402's resource carries the service name, tags and icon the bazaar's rules keep", () => {
  const product = ALL_PRODUCTS[0];
  assert.ok(product);
  const published = resourceInfo("https://video.example", product);
  const { url, description, mimeType, ...service } = published;
  assert.equal(url, `https://video.example${product.path}`);
  assert.deepEqual(service, {
    serviceName: "Reel402",
    tags: ["video-generation", "text-to-video", "image-to-video", "ai-video", "mp4"],
    iconUrl: "https://video.example/icon.svg",
  });
  assert.deepEqual(sanitizeResourceServiceMetadata(published), service, "nothing dropped");
  // A devnet's loopback origin: an icon there is one every index drops, so none is sent.
  const local = resourceInfo("http://127.0.0.1:3000", product);
  assert.equal(local.iconUrl, undefined);
  assert.deepEqual(sanitizeResourceServiceMetadata(local), {
    serviceName: "Reel402",
    tags: service.tags,
  });
});
