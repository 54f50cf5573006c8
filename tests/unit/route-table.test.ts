import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { allowedMethods, ROUTES, unroutedResponse } from "@/lib/http/api/unrouted";

const APP = path.join(import.meta.dirname, "../../app");

/** Every route.ts and page.tsx under app/, as a path pattern with the methods the file exports. */
function routesInApp(): { pattern: string; methods: string[] }[] {
  const found: { pattern: string; methods: string[] }[] = [];
  for (const file of readdirSync(APP, { recursive: true }) as string[]) {
    const name = path.basename(file);
    const icon = name === "icon.svg" || name === "favicon.ico";
    if (name !== "route.ts" && name !== "page.tsx" && !icon) continue;
    const dir =
      path.dirname(file) === "." ? "" : `/${path.dirname(file).split(path.sep).join("/")}`;
    const segments = dir.replace(/\[([^\]]+)\]/g, ":$1");
    if (icon) {
      found.push({ pattern: `${segments}/${name}`, methods: ["GET"] });
      continue;
    }
    const source = readFileSync(path.join(APP, file), "utf8");
    const methods = new Set<string>();
    if (name === "page.tsx") methods.add("GET");
    for (const m of source.matchAll(
      /export\s+(?:async\s+)?(?:function|const)\s+(\{[^}]*\}|[A-Z]+)/g,
    )) {
      for (const verb of (m[1] ?? "").replace(/[{}]/g, "").split(","))
        if (/^(GET|HEAD|POST|PUT|PATCH|DELETE)$/.test(verb.trim())) methods.add(verb.trim());
    }
    found.push({ pattern: segments || "/", methods: [...methods].sort() });
  }
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

test("the proxy's route table names exactly the app's routes and their methods", () => {
  const table = ROUTES.map((r) => ({ pattern: r.pattern, methods: [...r.methods].sort() })).sort(
    (a, b) => a.pattern.localeCompare(b.pattern),
  );
  assert.deepEqual(table, routesInApp());
});

test("dynamic segments match one non-empty segment; HEAD comes with GET, OPTIONS always", () => {
  // /jobs/{id} also takes DELETE (the payer's cancel).
  assert.deepEqual(allowedMethods("/jobs/abc"), ["GET", "DELETE", "HEAD", "OPTIONS"]);
  assert.deepEqual(allowedMethods("/jobs/abc/events"), ["GET", "HEAD", "OPTIONS"]);
  assert.deepEqual(allowedMethods("/generate/alpha/fast"), ["POST", "OPTIONS"]);
  // Upstreams' callbacks: POST only.
  assert.deepEqual(allowedMethods(`/api/upstream/fal/${crypto.randomUUID()}/t0ken`), [
    "POST",
    "OPTIONS",
  ]);
  assert.equal(allowedMethods("/jobs/"), null);
  assert.equal(allowedMethods("/jobs/abc/extra"), null);
  assert.equal(allowedMethods("/generate/alpha"), null);
});

test("a wrong method is a 405 problem with Allow; an unknown path a 404 problem unless HTML is asked for", async () => {
  const wrong = unroutedResponse("DELETE", "/uploads", "application/json");
  assert.ok(wrong);
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get("allow"), "POST, OPTIONS");
  assert.equal(wrong.headers.get("content-type"), "application/problem+json");
  assert.equal(((await wrong.json()) as { code: string }).code, "method_not_allowed");
  assert.equal(unroutedResponse("GET", "/jobs/x", null), null);
  const missing = unroutedResponse("GET", "/nope", "*/*");
  assert.ok(missing);
  assert.equal(missing.status, 404);
  assert.equal(((await missing.json()) as { code: string }).code, "not_found");
  assert.equal(unroutedResponse("GET", "/nope", "text/html,*/*;q=0.8"), null);
});
