import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { validatePaymentRequiredDetailed } from "@agentcash/discovery";
import { ALL_PRODUCTS } from "@/lib/catalog/products";
import { exampleBody } from "@/lib/catalog/requests/json-schema";
import { post, requiredFromHeader } from "../helpers/http";
import { syntheticImage } from "../helpers/images";
import { type Stack, startStack } from "../helpers/stack";

/** The auditor's own command line, as `npx @agentcash/discovery <origin>` runs it. */
// Its package exports no package.json, so the bin is found beside its entry point's folder.
const CLI = path.join(
  path.dirname(path.dirname(createRequire(import.meta.url).resolve("@agentcash/discovery"))),
  "bin/discovery.js",
);

type Audit = {
  ok: boolean;
  resources: {
    method: string;
    path: string;
    authHint?: string;
    priceHint?: string;
    protocols?: string[];
  }[];
  warnings: { code: string; severity: string; message: string }[];
};

describe("the ecosystem's discovery auditor (@agentcash/discovery) on the built server", () => {
  let stack: Stack;
  let base: string;
  before(async () => {
    stack = await startStack({ database: "postgres" });
    base = stack.server.url;
    // A directory crawls a server that is up; the auditor gives each look-up 5 s, which a
    // just-started process on a busy 2-core machine can spend loading the route's code.
    for (const path of ["/", "/favicon.ico", "/openapi.json", "/.well-known/x402"])
      await (await fetch(`${base}${path}`)).arrayBuffer();
  });
  after(async () => {
    await stack?.close();
  });

  test("the origin audit lists every paid route, priced, and reports no error, warning or note", {
    timeout: 180_000,
  }, async () => {
    // `discover` reads /openapi.json, looks for the icon, checks the guidance and every route,
    // probing each paid one for its 402 as x402scan does.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CLI, "discover", base, "--json"],
      { timeout: 150_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const audit = JSON.parse(stdout) as Audit;
    assert.equal(audit.ok, true, stdout.slice(0, 2000));
    assert.deepEqual(audit.warnings, []);
    const paid = audit.resources.filter((r) => r.authHint === "paid");
    assert.deepEqual(
      paid.map((r) => `${r.method} ${r.path}`).sort(),
      ALL_PRODUCTS.map((p) => `POST ${p.path}`).sort(),
    );
    for (const r of paid) {
      assert.match(r.priceHint ?? "", /^\d+\.\d+(-\d+\.\d+)? USD$/, r.path);
      assert.deepEqual(r.protocols, ["x402"], r.path);
    }
  });

  test("every paid route's 402 passes the auditor's strict x402 v2 validation, service named", {
    timeout: 120_000,
  }, async () => {
    const upload = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(await syntheticImage("testsrc2", 800, 600, "png")),
    });
    assert.equal(upload.status, 201, await upload.clone().text());
    const { id } = (await upload.json()) as { id: string };
    for (const p of ALL_PRODUCTS) {
      const body = p.mode === "image" ? { ...exampleBody(p), image: id } : exampleBody(p);
      const res = await post(`${base}${p.path}`, body);
      assert.equal(res.status, 402, `${p.path}: ${await res.clone().text()}`);
      const required = requiredFromHeader(res);
      const result = validatePaymentRequiredDetailed(required, {
        requireInputSchema: true,
        requireOutputSchema: true,
      });
      assert.deepEqual(result.issues, [], p.path);
      assert.equal(result.valid, true);
      assert.deepEqual(await res.json(), required, "the body is the header's PaymentRequired");
      // The bazaar's service metadata; no icon from a loopback origin, which indexes drop.
      assert.equal(required.resource.serviceName, "Reel402");
      assert.ok(required.resource.tags?.includes("text-to-video"));
      assert.equal(required.resource.iconUrl, undefined);
    }
  });

  test("the icon: /favicon.ico and /icon.svg at the origin, linked from the page, allowed by its CSP", async () => {
    for (const [file, type] of [
      ["/favicon.ico", /^image\/(x-icon|vnd\.microsoft\.icon)/],
      ["/icon.svg", /^image\/svg\+xml/],
    ] as const) {
      const res = await fetch(`${base}${file}`);
      assert.equal(res.status, 200, file);
      assert.match(res.headers.get("content-type") ?? "", type, file);
      assert.ok((await res.arrayBuffer()).byteLength > 0, file);
      // The auditor asks with HEAD first.
      const head = await fetch(`${base}${file}`, { method: "HEAD" });
      assert.equal(head.status, 200, `HEAD ${file}`);
    }
    const page = await fetch(`${base}/`, { headers: { accept: "text/html" } });
    // Next.js links app/favicon.ico and app/icon.svg from every page's head.
    const icons = [...(await page.text()).matchAll(/<link\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => /\brel="(shortcut )?icon"/.test(tag))
      .map((tag) => /\bhref="([^"?]*)/.exec(tag)?.[1]);
    assert.ok(icons.includes("/favicon.ico"), JSON.stringify(icons));
    assert.ok(icons.includes("/icon.svg"), JSON.stringify(icons));
    assert.match(page.headers.get("content-security-policy") ?? "", /img-src 'self'/);
  });

  test("/.well-known/x402 lists every paid resource; free, cacheable, open to browsers", async () => {
    const res = await fetch(`${base}/.well-known/x402`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.match(res.headers.get("cache-control") ?? "", /public, max-age=\d+/);
    assert.equal(res.headers.get("access-control-allow-origin"), "*");
    const doc = (await res.json()) as {
      version: number;
      resources: string[];
      instructions: string;
    };
    assert.equal(doc.version, 1);
    assert.deepEqual(
      doc.resources,
      ALL_PRODUCTS.map((p) => `${base}${p.path}`),
    );
    assert.match(doc.instructions, /x402 v2/);
    // Listed where agents look for free endpoints.
    const storefront = (await (
      await fetch(`${base}/`, { headers: { accept: "application/json" } })
    ).json()) as { free_endpoints: { path: string }[] };
    assert.ok(storefront.free_endpoints.some((e) => e.path === "/.well-known/x402"));
    assert.ok(
      (await (await fetch(`${base}/llms.txt`)).text()).includes(`${base}/.well-known/x402`),
    );
  });
});
