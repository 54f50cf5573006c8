import assert from "node:assert/strict";
import { test } from "node:test";
import { malformedHostResponse } from "@/lib/http/api/request-host";
import { ConfigError, parseEnv } from "@/lib/platform/env";

test("the public origin is PUBLIC_BASE_URL, else the listen address with a wildcard made reachable", () => {
  const origin = (env: Record<string, string>) => parseEnv(env).publicOrigin;
  assert.equal(origin({}), "http://127.0.0.1:3000");
  assert.equal(origin({ HOST: "0.0.0.0", PORT: "8080" }), "http://127.0.0.1:8080");
  assert.equal(origin({ HOST: "::", PORT: "8080" }), "http://127.0.0.1:8080");
  assert.equal(origin({ HOST: "::1" }), "http://[::1]:3000");
  assert.equal(origin({ HOST: "[::1]" }), "http://[::1]:3000");
  assert.equal(origin({ HOST: "reel402.lan", PORT: "80" }), "http://reel402.lan");
  assert.equal(
    origin({ PUBLIC_BASE_URL: "https://Video.Example/", HOST: "0.0.0.0" }),
    "https://video.example",
  );
  assert.equal(
    origin({ PUBLIC_BASE_URL: "https://video.example:8443" }),
    "https://video.example:8443",
  );
});

test("a PUBLIC_BASE_URL that is not a plain http(s) origin, or a HOST that is no host, is a config error", () => {
  for (const PUBLIC_BASE_URL of [
    "https://video.example/reel402",
    "https://video.example/?x=1",
    "https://video.example/#top",
    "https://user:pw@video.example",
    "ftp://video.example",
    "video.example",
  ])
    assert.throws(() => parseEnv({ PUBLIC_BASE_URL }), ConfigError, PUBLIC_BASE_URL);
  for (const HOST of ["a b", "host/path", "h\u00e9.example"])
    assert.throws(() => parseEnv({ HOST }), /HOST must be a host name/, HOST);
});

test("malformed Host, X-Forwarded-Host or X-Forwarded-Proto values are a 400 problem; well-formed ones pass", async () => {
  const check = (headers: Record<string, string>) =>
    malformedHostResponse(new Headers(headers), "/jobs");
  for (const host of [
    "a:99999",
    "[::1",
    "",
    "a b",
    "host/path",
    "a:",
    "a:-1",
    "[zz]",
    ":80",
    "a..b",
    "x".repeat(300),
  ]) {
    const answer = check({ host });
    assert.ok(answer, `Host ${JSON.stringify(host)}`);
    assert.equal(answer.status, 400);
    assert.equal(answer.headers.get("content-type"), "application/problem+json");
    assert.equal(((await answer.json()) as { code: string }).code, "invalid_host");
  }
  for (const proto of ["ht tp", "https://", "", "ftp", "https, ws"])
    assert.ok(check({ host: "a", "x-forwarded-proto": proto }), `proto ${JSON.stringify(proto)}`);
  for (const forwarded of ["a b", "evil.example/x", "", "a, b c"])
    assert.ok(check({ host: "a", "x-forwarded-host": forwarded }), `forwarded ${forwarded}`);
  for (const host of [
    "evil.example",
    "EVIL.example:8080",
    "[::1]:3000",
    "127.0.0.1",
    "my_service:3000",
    "a.b.",
  ])
    assert.equal(
      check({ host, "x-forwarded-proto": "https, http", "x-forwarded-host": host }),
      null,
      host,
    );
  assert.equal(check({}), null, "no Host at all (HTTP/1.0): nothing is built from it");
});
