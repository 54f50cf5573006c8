import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { parseRange, serveVideo } from "@/lib/http/api/serve-video";

const SECRET = "serve-test-secret-abcdefghijklmnop";
const NOW = new Date("2026-05-01T12:00:00Z");
const EXPIRES = new Date(NOW.getTime() + 24 * 3600_000);
const BASE = "https://reel.example";
const SIZE = 10_000;
const VIDEO = Buffer.from(Array.from({ length: SIZE }, (_, i) => (i * 7 + 3) % 256));

let dir: string;
const store = () => createLocalStore({ dir, secret: SECRET });
const deps = () => ({ dir, secret: SECRET, now: NOW });

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "reel402-serve-"));
  await store().put("job-1", Readable.from([VIDEO]), "video/mp4");
  await store().put("empty", Readable.from([Buffer.alloc(0)]), "video/mp4");
});
after(() => rm(dir, { recursive: true, force: true }));

async function link(key = "job-1", expiresAt = EXPIRES): Promise<string> {
  return store().signedUrl(key, expiresAt, BASE);
}

function get(url: string, headers: Record<string, string> = {}, method = "GET"): Request {
  return new Request(url, { method, headers });
}

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

async function problemOf(response: Response): Promise<{ status: number; code: string }> {
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  const body = (await response.json()) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    code: string;
  };
  assert.equal(body.status, response.status);
  assert.ok(body.type && body.title && body.detail);
  return { status: response.status, code: body.code };
}

test("a valid link streams the whole video with its headers", async () => {
  const response = await serveVideo(get(await link()), "job-1", deps());
  assert.equal(response.status, 200);
  assert.deepEqual(await bytes(response), VIDEO);
  const h = response.headers;
  assert.equal(h.get("content-type"), "video/mp4");
  assert.equal(h.get("accept-ranges"), "bytes");
  assert.equal(h.get("content-length"), String(SIZE));
  assert.equal(h.get("cache-control"), "private, max-age=86400");
  assert.equal(h.get("content-disposition"), 'inline; filename="job-1.mp4"');
  assert.match(h.get("etag") ?? "", /^"[0-9a-f]+-[0-9a-f]+"$/);
  assert.equal(h.get("content-range"), null);
});

test("download=1 asks for an attachment", async () => {
  const response = await serveVideo(get(`${await link()}&download=1`), "job-1", deps());
  assert.equal(response.headers.get("content-disposition"), 'attachment; filename="job-1.mp4"');
  await response.body?.cancel();
});

test("single byte ranges answer 206 with exact bytes and content-range", async () => {
  const url = await link();
  const cases: [string, number, number][] = [
    ["bytes=0-99", 0, 99],
    ["bytes=-500", SIZE - 500, SIZE - 1],
    ["bytes=9000-", 9000, SIZE - 1],
    ["bytes=9990-20000", 9990, SIZE - 1],
    ["bytes=-20000", 0, SIZE - 1],
  ];
  for (const [range, start, end] of cases) {
    const response = await serveVideo(get(url, { range }), "job-1", deps());
    assert.equal(response.status, 206, range);
    assert.equal(response.headers.get("content-range"), `bytes ${start}-${end}/${SIZE}`, range);
    assert.equal(response.headers.get("content-length"), String(end - start + 1), range);
    assert.deepEqual(await bytes(response), VIDEO.subarray(start, end + 1), range);
  }
});

test("an unsatisfiable range answers 416 with the size", async () => {
  for (const range of [`bytes=${SIZE}-`, "bytes=20000-20010", "bytes=-0"]) {
    const response = await serveVideo(get(await link(), { range }), "job-1", deps());
    assert.equal(response.status, 416, range);
    assert.equal(response.headers.get("content-range"), `bytes */${SIZE}`);
  }
  const empty = await serveVideo(get(await link("empty"), { range: "bytes=0-" }), "empty", deps());
  assert.equal(empty.status, 416);
  assert.equal(empty.headers.get("content-range"), "bytes */0");
});

test("multi-range, malformed and stale If-Range requests get the whole file", async () => {
  const url = await link();
  const variants: Record<string, string>[] = [
    { range: "bytes=0-1,5-6" },
    { range: "bytes=50-10" },
    { range: "items=0-5" },
    { range: "bytes=0-9", "if-range": '"stale"' },
  ];
  for (const headers of variants) {
    const response = await serveVideo(get(url, headers), "job-1", deps());
    assert.equal(response.status, 200, JSON.stringify(headers));
    assert.equal((await bytes(response)).length, SIZE);
  }
  const etag = (await serveVideo(get(url, {}, "HEAD"), "job-1", deps())).headers.get("etag") ?? "";
  const matching = await serveVideo(
    get(url, { range: "bytes=0-9", "if-range": etag }),
    "job-1",
    deps(),
  );
  assert.equal(matching.status, 206);
  assert.deepEqual(await bytes(matching), VIDEO.subarray(0, 10));
});

test("parseRange edge cases", () => {
  assert.deepEqual(parseRange("bytes=0-0", 1), { start: 0, end: 0 });
  assert.equal(parseRange(null, 10), null);
  assert.equal(parseRange("bytes=-", 10), null);
  assert.equal(parseRange("bytes=10-", 10), "unsatisfiable");
});

test("tampered signature, key or expiry is refused as link_invalid", async () => {
  const url = new URL(await link());
  const sig = url.searchParams.get("sig") ?? "";
  const tamperedSig = new URL(url);
  tamperedSig.searchParams.set("sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`);
  const laterExpiry = new URL(url);
  laterExpiry.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
  const noSig = new URL(url);
  noSig.searchParams.delete("sig");
  const attempts: [string, string][] = [
    [tamperedSig.href, "job-1"],
    [laterExpiry.href, "job-1"],
    [noSig.href, "job-1"],
    [url.href, "empty"], // job-1's link used for another key
  ];
  for (const [href, key] of attempts) {
    assert.deepEqual(
      await problemOf(await serveVideo(get(href), key, deps())),
      { status: 403, code: "link_invalid" },
      href,
    );
  }
});

test("an expired link is refused as link_expired", async () => {
  const url = await link("job-1", new Date(NOW.getTime() - 1000));
  assert.deepEqual(await problemOf(await serveVideo(get(url), "job-1", deps())), {
    status: 403,
    code: "link_expired",
  });
  const later = { ...deps(), now: new Date(EXPIRES.getTime() + 1) };
  assert.deepEqual(await problemOf(await serveVideo(get(await link()), "job-1", later)), {
    status: 403,
    code: "link_expired",
  });
});

test("a validly signed link to a removed video is 404 not_found", async () => {
  await store().put("short-lived", Readable.from([Buffer.from("x")]), "video/mp4");
  const url = await link("short-lived");
  await store().remove("short-lived");
  assert.deepEqual(await problemOf(await serveVideo(get(url), "short-lived", deps())), {
    status: 404,
    code: "not_found",
  });
});

test("HEAD answers the GET headers without a body, ranges included", async () => {
  const url = await link();
  const whole = await serveVideo(get(url, {}, "HEAD"), "job-1", deps());
  assert.equal(whole.status, 200);
  assert.equal(whole.headers.get("content-length"), String(SIZE));
  assert.equal(whole.body, null);
  const ranged = await serveVideo(get(url, { range: "bytes=0-99" }, "HEAD"), "job-1", deps());
  assert.equal(ranged.status, 206);
  assert.equal(ranged.headers.get("content-range"), `bytes 0-99/${SIZE}`);
  assert.equal(ranged.body, null);
});

test("a video removed after its response began still serves the bytes its headers describe", async () => {
  await writeFile(path.join(dir, "job-2.mp4"), VIDEO);
  const response = await serveVideo(get(await link("job-2")), "job-2", deps());
  await rm(path.join(dir, "job-2.mp4"));
  assert.equal(response.status, 200);
  assert.deepEqual(await bytes(response), VIDEO);
});
