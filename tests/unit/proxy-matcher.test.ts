import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { malformedHostResponse } from "@/lib/http/api/request-host";
import { config } from "@/proxy";

type Has = { type: string; key: string; value: string };
type Entry = string | { source: string; has?: Has[]; missing?: Has[] };
const matchers = config.matcher as Entry[];
const objects = matchers.filter((e): e is Exclude<Entry, string> => typeof e !== "string");
const anchored = (value: string) => new RegExp(`^${value}$`);
const patternFor = (key: string) =>
  objects.flatMap((e) => [...(e.has ?? []), ...(e.missing ?? [])]).find((h) => h.key === key)
    ?.value ?? "";
const goodHost = anchored(patternFor("host"));
const badForwardedHost = anchored(patternFor("x-forwarded-host"));
const badForwardedProto = anchored(patternFor("x-forwarded-proto"));
const refused = (headers: Record<string, string>) =>
  malformedHostResponse(new Headers(headers), "/healthz") !== null;

const ALPHABET = "abcXYZ019-_.:[]/ @é,";
const randomValue = () =>
  Array.from({ length: 1 + randomInt(40) }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

test("a Host the matcher lets skip the proxy is one the proxy would have let through", () => {
  const samples = [
    "127.0.0.1:3000",
    "localhost",
    "reel402.example.com",
    "a.b.c.d.e:65535",
    `${"a".repeat(50)}.${"b".repeat(50)}.${"c".repeat(50)}.${"d".repeat(50)}.${"e".repeat(50)}.`,
    ...Array.from({ length: 20_000 }, randomValue),
  ];
  let skipped = 0;
  for (const host of samples)
    if (goodHost.test(host)) {
      skipped++;
      assert.equal(refused({ host }), false, JSON.stringify(host));
    }
  assert.ok(skipped > 100, `${skipped} samples skipped the proxy`);
  // Malformed ones, and well-formed ones it leaves to the proxy's exact check, go through it.
  for (const host of [
    "[::1",
    "a b",
    "host/path",
    "h\u00e9.example",
    "127.0.0.1:30x0",
    "a:65536",
    "[::1]:3000",
    "",
  ])
    assert.equal(goodHost.test(host), false, host);
});

test("a non-empty X-Forwarded-Host or -Proto goes through the proxy exactly when it is malformed", () => {
  const hosts = [
    "evil.example",
    "a.example, b.example:8443",
    "evil.example/x",
    "a b",
    "a,,b",
    ...Array.from({ length: 20_000 }, randomValue),
  ];
  for (const value of hosts) {
    if (value === "") continue;
    const isRefused = refused({ host: "a", "x-forwarded-host": value });
    // Stricter than the proxy (long names go through it), never looser.
    if (isRefused) assert.ok(badForwardedHost.test(value), JSON.stringify(value));
  }
  for (const value of ["https", "HTTP", "https, http", "ht tp", "https://", "ftp", "http,", "x"])
    assert.equal(
      badForwardedProto.test(value),
      refused({ host: "a", "x-forwarded-proto": value }),
      value,
    );
});

const APP = path.join(import.meta.dirname, "../../app");
const skipsProxy = (pattern: string) =>
  ["healthz", "jobs/[^/]+", "generate/[^/]+/[^/]+"].some((p) =>
    new RegExp(`^/${p}$`).test(pattern.replace(/:\w+/g, "x")),
  );

test("the routes that skip the proxy answer every method themselves, and only those do", () => {
  const first = matchers[0] as string;
  const excluded = /\(\?!(.*)\)\.\*\)$/.exec(first)?.[1] ?? "";
  assert.equal(excluded, "_next/|healthz$|jobs/[^/]+$|generate/[^/]+/[^/]+$");
  for (const e of objects)
    assert.equal(e.source, "/:route(healthz|jobs/[^/]+|generate/[^/]+/[^/]+)");
  let found = 0;
  for (const file of readdirSync(APP, { recursive: true }) as string[]) {
    if (path.basename(file) !== "route.ts") continue;
    const pattern = `/${path.dirname(file).split(path.sep).join("/")}`.replace(
      /\[([^\]]+)\]/g,
      ":$1",
    );
    const source = readFileSync(path.join(APP, file), "utf8");
    const exported = new Set(
      [...source.matchAll(/export\s+(?:const|function)\s+([A-Z]+)|as\s+([A-Z]+)\b/g)].map(
        (m) => m[1] ?? m[2],
      ),
    );
    const refusesOthers = source.includes("methodNotAllowed");
    assert.equal(refusesOthers, skipsProxy(pattern), `${pattern}: refuses methods itself`);
    if (!skipsProxy(pattern)) continue;
    found++;
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      assert.ok(exported.has(method), `${pattern} answers ${method}`);
  }
  assert.equal(found, 3);
});
