import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { BODY_LENGTH_HEADER, restoreContentLength } from "@/lib/media/storage/body-length";

// Stands in for Next.js: copies every header but Content-Length, then writes the body in chunks.
let server: Server;
let base: string;
before(async () => {
  server = createServer((req, res) => {
    restoreContentLength(res);
    if (req.url === "/declared") res.setHeader(BODY_LENGTH_HEADER, "10");
    if (req.url === "/garbage") res.setHeader(BODY_LENGTH_HEADER, "10; x");
    res.write("12345");
    res.end("67890");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("a declared body length becomes Content-Length and the private header is not sent", async () => {
  const res = await fetch(`${base}/declared`);
  assert.equal(res.headers.get("content-length"), "10");
  assert.equal(res.headers.get("transfer-encoding"), null);
  assert.equal(res.headers.get(BODY_LENGTH_HEADER), null);
  assert.equal(await res.text(), "1234567890");
});

test("without a declared length (or with a malformed one) the response stays chunked", async () => {
  for (const path of ["/plain", "/garbage"]) {
    const res = await fetch(`${base}${path}`);
    assert.equal(res.headers.get("content-length"), null, path);
    assert.equal(res.headers.get("transfer-encoding"), "chunked", path);
    assert.equal(res.headers.get(BODY_LENGTH_HEADER), null, path);
    assert.equal(await res.text(), "1234567890", path);
  }
});
