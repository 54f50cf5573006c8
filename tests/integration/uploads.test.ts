import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { createTestDatabase } from "../helpers/database";
import { startServer, type TestServer } from "../helpers/server";

const FIXTURES = "tests/fixtures/images";
const landscape = readFileSync(path.join(FIXTURES, "none-drawn-mountains.png"));
const face = readFileSync(path.join(FIXTURES, "face-photo-portrait-1.jpg"));

let lastIp = Math.floor(Math.random() * 200);
const ip = () => `203.0.113.${(lastIp++ % 250) + 1}`;

type Answer = { status: number; headers?: Record<string, string>; body?: Buffer };

/** A local HTTP server that counts every request it receives. */
async function countingServer(route: (path: string) => Answer) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits++;
    const answer = route(req.url ?? "/");
    res.writeHead(answer.status, answer.headers).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("POST /uploads on the built server", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let privateTarget: Awaited<ReturnType<typeof countingServer>>;
  let allowed: Awaited<ReturnType<typeof countingServer>>;
  const upload = (body: BodyInit, headers: Record<string, string>, from = ip()) =>
    fetch(`${server.url}/uploads`, {
      method: "POST",
      headers: { "x-forwarded-for": from, ...headers },
      body,
    });
  const byUrl = (url: string) =>
    upload(JSON.stringify({ url }), { "content-type": "application/json" });
  const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

  before(async () => {
    privateTarget = await countingServer(
      (): Answer => ({ status: 200, headers: { "content-type": "image/png" }, body: landscape }),
    );
    allowed = await countingServer(
      (p): Answer =>
        p === "/landscape.png"
          ? { status: 200, headers: { "content-type": "text/plain" }, body: landscape }
          : p === "/notes.txt"
            ? {
                status: 200,
                headers: { "content-type": "image/png" },
                body: Buffer.from("just text, whatever the header says"),
              }
            : {
                status: 302,
                headers: { location: `http://127.0.0.1:${privateTarget.port}/secret.png` },
              },
    );
    const db = await createTestDatabase();
    drop = db.drop;
    server = await startServer({
      DATABASE_URL: db.url,
      TRUST_PROXY: "true",
      LIMIT_UPLOADS_PER_MINUTE_PER_IP: "5",
      // Only the test's "public" image host is let through; every other private address stays refused.
      IMAGE_FETCH_ALLOW_HOSTS: `127.0.0.1:${allowed.port}`,
    });
  });
  after(async () => {
    await server?.stop();
    await drop?.();
    await privateTarget?.close();
    await allowed?.close();
  });

  test("an image uploads as raw bytes or multipart, content-addressed, metadata stripped", {
    timeout: 120_000,
  }, async () => {
    const tagged = await sharp(landscape)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "owner-name-42" } } })
      .toBuffer();
    const started = performance.now();
    const first = await upload(tagged, { "content-type": "image/jpeg" });
    const firstMs = performance.now() - started;
    assert.equal(first.status, 201, await first.clone().text());
    const body = (await first.json()) as {
      id: string;
      width: number;
      height: number;
      content_type: string;
      bytes: number;
      expires_at: string;
    };
    assert.match(body.id, /^upl_[0-9a-f]{64}$/);
    assert.deepEqual([body.width, body.height, body.content_type], [512, 384, "image/jpeg"]);
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3_600_000;
    assert.ok(hours > 23.9 && hours <= 24, `kept 24 h (${hours})`);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(tagged)], { type: "image/jpeg" }), "photo.jpg");
    const again = performance.now();
    const second = await upload(form, {});
    const secondMs = performance.now() - again;
    assert.equal(second.status, 201);
    assert.equal(
      ((await second.json()) as { id: string }).id,
      body.id,
      "the same image gets the same id",
    );
    const record = JSON.parse(
      await readFile(path.join(server.dataDir, "videos", `${body.id}.json`), "utf8"),
    ) as { data: string };
    const stored = Buffer.from(record.data, "base64");
    assert.equal(stored.length, body.bytes);
    assert.equal((await sharp(stored).metadata()).exif, undefined, "EXIF is gone");
    assert.ok(!stored.includes(Buffer.from("owner-name-42")));
    console.log(
      `upload latency: first ${firstMs.toFixed(0)} ms (loads the models), second ${secondMs.toFixed(0)} ms`,
    );
  });

  test("oversized, truncated, non-image and unsupported bodies get a clear 4xx", {
    timeout: 60_000,
  }, async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0xff);
    const cases: [string, Promise<Response>, number, string][] = [
      ["oversized raw", upload(big, { "content-type": "image/jpeg" }), 413, "image_too_large"],
      [
        "truncated",
        upload(landscape.subarray(0, landscape.length >> 1), { "content-type": "image/png" }),
        415,
        "unsupported_image",
      ],
      [
        "text labelled as an image",
        upload("hello, not an image", { "content-type": "image/png" }),
        415,
        "unsupported_image",
      ],
      [
        "svg",
        upload("<svg xmlns='http://www.w3.org/2000/svg'/>", { "content-type": "image/svg+xml" }),
        415,
        "unsupported_image",
      ],
      [
        "too many pixels",
        sharp({ create: { width: 4100, height: 10, channels: 3, background: "#000" } })
          .png()
          .toBuffer()
          .then((b) => upload(b, { "content-type": "image/png" })),
        422,
        "image_dimensions",
      ],
      [
        "smaller than any video model takes",
        sharp({ create: { width: 200, height: 200, channels: 3, background: "#4a6a8a" } })
          .png()
          .toBuffer()
          .then((b) => upload(b, { "content-type": "image/png" })),
        403,
        "image_outside_model_limits",
      ],
      [
        "plain text",
        upload("hello", { "content-type": "text/plain" }),
        403,
        "unsupported_media_type",
      ],
      ["multipart without file", upload(new FormData(), {}), 403, "invalid_request"],
      [
        "json without url",
        upload("{}", { "content-type": "application/json" }),
        403,
        "invalid_request",
      ],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      assert.equal(res.status, status, name);
      assert.equal(res.headers.get("content-type"), "application/problem+json", name);
      assert.equal(await codeOf(res), code, name);
    }
  });

  test("over the allowance is a 413 however it is framed; an image exactly at it fits in multipart", {
    timeout: 120_000,
  }, async () => {
    const limit = 10 * 1024 * 1024;
    // Over node:http, so an answer that comes before the whole body was sent is still read.
    const send = (body: Buffer, headers: Record<string, string>, framing: "chunked" | "length") =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const req = request(`${server.url}/uploads`, {
          method: "POST",
          headers: {
            "x-forwarded-for": ip(),
            ...headers,
            ...(framing === "length" ? { "content-length": String(body.length) } : {}),
          },
        });
        req.on("response", (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d: string) => {
            text += d;
          });
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers["content-type"]),
              body: text,
            }),
          );
        });
        // The server may answer and close before the rest is written: that is the point.
        req.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
        });
        (async () => {
          for (let at = 0; at < body.length && !req.destroyed; at += 64 * 1024)
            if (!req.write(body.subarray(at, at + 64 * 1024)))
              await new Promise((r) => req.once("drain", r));
          req.end();
        })().catch(() => undefined);
      });
    const over = padPng(landscape, Math.round(11.5 * 1024 * 1024));
    const form = (image: Buffer) => {
      const f = new FormData();
      f.set("file", new Blob([new Uint8Array(image)], { type: "image/png" }), "picture.png");
      return f;
    };
    const multipart = new Response(form(over));
    const multipartBytes = Buffer.from(await multipart.arrayBuffer());
    const multipartType = multipart.headers.get("content-type") ?? "";
    const cases: [string, Buffer, string, "chunked" | "length"][] = [
      ["chunked raw", over, "image/png", "chunked"],
      ["declared raw", over, "image/png", "length"],
      ["chunked multipart", multipartBytes, multipartType, "chunked"],
      ["declared multipart", multipartBytes, multipartType, "length"],
    ];
    for (const [name, body, type, framing] of cases) {
      const res = await send(body, { "content-type": type }, framing);
      assert.equal(res.status, 413, `${name}: ${res.body}`);
      assert.equal(res.type, "application/problem+json", name);
      assert.equal((JSON.parse(res.body) as { code: string }).code, "image_too_large", name);
    }
    // Exactly the allowance, with the multipart framing on top, chunked: accepted whole.
    const exact = padPng(landscape, limit);
    assert.equal(exact.length, limit);
    const fits = new Response(form(exact));
    const fitsType = fits.headers.get("content-type") ?? "";
    const res = await send(
      Buffer.from(await fits.arrayBuffer()),
      { "content-type": fitsType },
      "chunked",
    );
    assert.equal(res.status, 201, res.body);
    const kept = JSON.parse(res.body) as { width: number };
    assert.ok(kept.width > 0);
  });

  test("a photo of a person is refused before anything is stored", {
    timeout: 60_000,
  }, async () => {
    const uploads = async () =>
      (await readdir(path.join(server.dataDir, "videos")).catch(() => [] as string[]))
        .filter((f) => f.startsWith("upl_"))
        .sort();
    const before = await uploads();
    const started = performance.now();
    const res = await upload(face, { "content-type": "image/jpeg" });
    console.log(`upload latency: refused face ${(performance.now() - started).toFixed(0)} ms`);
    assert.equal(res.status, 403);
    const body = (await res.json()) as { code: string; category: string };
    assert.deepEqual([body.code, body.category], ["content_policy", "likeness"]);
    assert.deepEqual(await uploads(), before, "the refused picture was not kept");
  });

  test("URLs: a public image is fetched and sniffed; SSRF attempts are refused before any request reaches the private server", {
    timeout: 90_000,
  }, async () => {
    const started = performance.now();
    const ok = await byUrl(`http://127.0.0.1:${allowed.port}/landscape.png`);
    console.log(
      `upload latency: by URL, screened (models warm) ${(performance.now() - started).toFixed(0)} ms`,
    );
    assert.equal(ok.status, 201, await ok.clone().text());
    assert.equal(
      ((await ok.json()) as { content_type: string }).content_type,
      "image/png",
      "sniffed, not the server's text/plain",
    );
    const notImage = await byUrl(`http://127.0.0.1:${allowed.port}/notes.txt`);
    assert.equal(notImage.status, 415);
    assert.equal(await codeOf(notImage), "unsupported_image");
    const attempts = [
      `https://127.0.0.1:${privateTarget.port}/secret.png`,
      `http://127.0.0.1:${privateTarget.port}/secret.png`,
      "https://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "http://169.254.169.254/latest/meta-data/",
      `https://localhost:${privateTarget.port}/secret.png`, // a name resolving to loopback (/etc/hosts)
      `https://[::ffff:127.0.0.1]:${privateTarget.port}/secret.png`,
      `http://127.0.0.1:${allowed.port}/redirect`, // allowed host, redirect to a private address
    ];
    for (const attempt of attempts) {
      const res = await byUrl(attempt);
      assert.equal(res.status, 422, attempt);
      assert.equal(await codeOf(res), "image_fetch_refused", attempt);
    }
    assert.equal(privateTarget.hits(), 0, "no request reached the private server");
    assert.equal(allowed.hits(), 3, "the allowed host served the image, the text and the redirect");
  });

  test("uploads are rate limited per IP", { timeout: 60_000 }, async () => {
    const from = ip();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await upload("x", { "content-type": "text/plain" }, from)).status);
    assert.deepEqual(statuses, [403, 403, 403, 403, 403, 429]);
    const other = await upload("x", { "content-type": "text/plain" }, ip());
    assert.equal(other.status, 403, "another address has its own budget");
  });
});

/** The PNG grown to exactly `size` bytes by private ancillary chunks before its end (decoders skip them). */
function padPng(png: Buffer, size: number): Buffer {
  const iend = png.length - 12;
  const chunks: Buffer[] = [];
  let missing = size - png.length;
  while (missing > 0) {
    const data = Buffer.alloc(Math.min(missing - 12, 1024 * 1024), 0x61);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write("prVt", 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    chunks.push(head, data, crc);
    missing -= data.length + 12;
  }
  return Buffer.concat([png.subarray(0, iend), ...chunks, png.subarray(iend)]);
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
