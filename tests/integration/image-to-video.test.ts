import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { findAnyProductBySku } from "@/lib/catalog/products";
import { quote } from "@/lib/catalog/quote";
import { PAY_TO } from "../helpers/chain";
import { post, requiredFromHeader } from "../helpers/http";
import { frameColour, syntheticImage } from "../helpers/images";
import { probe } from "../helpers/media";
import { payingFetch } from "../helpers/payer";
import { waitForJob } from "../helpers/poll";
import { type Stack, startStack } from "../helpers/stack";

const FACE = path.join(process.cwd(), "node_modules/@vladmandic/face-api/demo/sample1.jpg");

async function upload(base: string, bytes: Buffer, type: string): Promise<string> {
  const res = await fetch(`${base}/uploads`, {
    method: "POST",
    headers: { "content-type": type },
    body: new Uint8Array(bytes),
  });
  const body = (await res.json()) as { id?: string; code?: string };
  assert.equal(res.status, 201, JSON.stringify(body));
  assert.match(body.id ?? "", /^upl_[0-9a-f]{64}$/);
  return body.id as string;
}

const pick = (body: unknown) => {
  const { code, category } = body as { code?: string; category?: string };
  return { code, category };
};

async function download(url: string): Promise<string> {
  const res = await fetch(url);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "video/mp4");
  const file = path.join(tmpdir(), `reel402-i2v-${crypto.randomUUID()}.mp4`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

/** Pays with a stock x402 client and returns the job id and the amount the 402 asked for. */
async function pay(base: string, index: number, path: string, body: object) {
  const payer = payingFetch(index);
  const res = await payer.fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return (JSON.parse(text) as { job_id: string }).job_id;
}

describe("image-to-video on the built server (Postgres)", () => {
  let stack: Stack;
  let base: string;
  let landscape: Buffer;
  let red: Buffer;
  let blue: Buffer;
  let portrait: Buffer;
  let panorama: Buffer;
  let small: Buffer;
  // An image host: an origin the operator allowed (as tests must: it is on loopback, over http).
  let host: Server;
  let hostUrl: string;
  before(async () => {
    [landscape, red, blue, portrait] = await Promise.all([
      syntheticImage("testsrc2", 800, 600, "png"),
      syntheticImage("color=c=0xd02020", 960, 540, "jpg"),
      syntheticImage("color=c=0x2030d0", 960, 540, "png"),
      syntheticImage("smptebars", 540, 960, "webp"),
    ]);
    // Within the service's own limits, outside every upstream's: 5:1, and 200 px a side.
    [panorama, small] = await Promise.all([
      syntheticImage("testsrc2", 3000, 600, "png"),
      syntheticImage("smptebars", 200, 200, "png"),
    ]);
    const face = readFileSync(FACE);
    host = createServer((req, res) => {
      if (req.url === "/portrait.webp")
        return res.writeHead(200, { "content-type": "image/webp" }).end(portrait);
      if (req.url === "/panorama.png")
        return res.writeHead(200, { "content-type": "image/png" }).end(panorama);
      if (req.url === "/face.jpg")
        return res.writeHead(200, { "content-type": "image/jpeg" }).end(face);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
    hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    stack = await startStack({
      database: "postgres",
      env: { POLL_INTERVAL_MS: "200", IMAGE_FETCH_ALLOW_HOSTS: new URL(hostUrl).host },
    });
    base = stack.server.url;
  });
  after(async () => {
    await stack?.close();
    host?.close();
  });

  test("an image URL is fetched, screened and quoted; adaptive follows its portrait shape", {
    timeout: 120_000,
  }, async () => {
    const body = { image: `${hostUrl}/portrait.webp`, duration: 4, resolution: "480p" };
    const challenge = await post(`${base}/generate/alpha-fast/image-to-video`, body);
    assert.equal(challenge.status, 402, await challenge.clone().text());
    assert.equal(requiredFromHeader(challenge).accepts[0]?.amount, "260000");
    const jobId = await pay(base, 5, "/generate/alpha-fast/image-to-video", body);
    const job = await waitForJob(base, jobId, 120_000);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    const info = await probe(await download(job.video_url as string));
    assert.deepEqual([info.width, info.height, info.fps], [480, 854, 24]);
    const missing = await post(`${base}/generate/alpha-fast/image-to-video`, {
      image: `${hostUrl}/gone.png`,
    });
    assert.equal(missing.status, 422);
    assert.equal(((await missing.json()) as { code: string }).code, "image_fetch_failed");
  });

  test("upload → quote → pay → succeeded: an MP4 of the picture at the exact size, length, fps and audio", {
    timeout: 180_000,
  }, async () => {
    const started = performance.now();
    const id = await upload(base, landscape, "image/png");
    const body = {
      image: id,
      prompt: "the camera glides across the pattern",
      duration: 4,
      resolution: "480p",
      generate_audio: true,
    };
    const challenge = await post(`${base}/generate/alpha-fast/image-to-video`, body);
    const latencyMs = performance.now() - started;
    assert.equal(challenge.status, 402);
    console.log(`# upload-to-quote latency: ${latencyMs.toFixed(0)} ms`);
    const amount = requiredFromHeader(challenge).accepts[0]?.amount;
    // Same per-second book as the custom product: 0.065 × 4 × 1.25 = 0.325 → 0.33.
    assert.equal(amount, "330000");
    const custom = findAnyProductBySku("alpha-fast-custom");
    assert.ok(custom);
    assert.equal(
      amount,
      String(quote(custom, { durationSeconds: 4, resolution: "480p", generateAudio: true })),
    );

    const payer = payingFetch(1).account.address;
    const [payerBefore, payToBefore] = [
      await stack.chain.balanceOf(payer),
      await stack.chain.balanceOf(PAY_TO),
    ];
    const jobId = await pay(base, 1, "/generate/alpha-fast/image-to-video", body);
    assert.equal(await stack.chain.balanceOf(payer), payerBefore - 330_000n);
    assert.equal(await stack.chain.balanceOf(PAY_TO), payToBefore + 330_000n);

    const job = await waitForJob(base, jobId, 120_000);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    assert.equal(job.frames_per_second, 24);
    const info = await probe(await download(job.video_url as string));
    // adaptive: 800×600 is 4:3, so 480p is 640×480.
    assert.deepEqual(
      [info.width, info.height, info.fps, info.hasAudio, info.videoCodec],
      [640, 480, 24, true, "h264"],
    );
    assert.ok(Math.abs(info.duration - 4) < 0.15, `duration ${info.duration}`);
  });

  test("a first-and-last-frame clip starts on one picture and ends on the other", {
    timeout: 180_000,
  }, async () => {
    const [first, last] = [
      await upload(base, red, "image/jpeg"),
      await upload(base, blue, "image/png"),
    ];
    const body = {
      image: first,
      last_image: last,
      duration: 5,
      resolution: "720p",
      camera_fixed: true,
    };
    const challenge = requiredFromHeader(await post(`${base}/generate/alpha/image-to-video`, body));
    assert.equal(challenge.accepts[0]?.amount, "960000"); // 0.192 × 5
    const jobId = await pay(base, 2, "/generate/alpha/image-to-video", body);
    const job = await waitForJob(base, jobId, 120_000);
    assert.equal(job.status, "succeeded", JSON.stringify(job.error));
    const file = await download(job.video_url as string);
    const info = await probe(file);
    // adaptive from 960×540: 16:9 at 720p.
    assert.deepEqual([info.width, info.height, info.fps, info.hasAudio], [1280, 720, 24, false]);
    assert.ok(Math.abs(info.duration - 5) < 0.15, `duration ${info.duration}`);
    const [r0, , b0] = await frameColour(file, 0.1);
    const [r1, , b1] = await frameColour(file, 4.9);
    assert.ok(r0 > 150 && b0 < 90, `first frame ${r0},${b0}`);
    assert.ok(b1 > 150 && r1 < 90, `last frame ${r1},${b1}`);
  });

  test("a payment made for one picture cannot pay for another", { timeout: 60_000 }, async () => {
    const [a, b] = [await upload(base, red, "image/jpeg"), await upload(base, blue, "image/png")];
    const bodyA = { image: a, duration: 4, resolution: "480p" };
    const bodyB = { image: b, duration: 4, resolution: "480p" };
    const challenge = requiredFromHeader(
      await post(`${base}/generate/alpha-fast/image-to-video`, bodyA),
    );
    const payer = payingFetch(3);
    const signature = encodePaymentSignatureHeader(
      await payer.client.createPaymentPayload(challenge),
    );
    const paid = await post(`${base}/generate/alpha-fast/image-to-video`, bodyA, {
      "payment-signature": signature,
    });
    assert.equal(paid.status, 200, await paid.clone().text());
    const balance = await stack.chain.balanceOf(payer.account.address);
    const reused = await post(`${base}/generate/alpha-fast/image-to-video`, bodyB, {
      "payment-signature": signature,
    });
    assert.equal(reused.status, 402);
    assert.match(
      String(((await reused.json()) as { error?: string }).error),
      /already paid for another request/,
    );
    assert.equal(await stack.chain.balanceOf(payer.account.address), balance);
  });

  test("an image with a face is refused with 403 before any quote; nothing is charged", {
    timeout: 60_000,
  }, async () => {
    assert.ok(existsSync(FACE), `face photo at ${FACE}`);
    // Uploading it is refused at once: a picture of a person is never stored.
    const refusedUpload = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: { "content-type": "image/jpeg" },
      body: new Uint8Array(readFileSync(FACE)),
    });
    assert.equal(refusedUpload.status, 403);
    assert.deepEqual(pick(await refusedUpload.json()), {
      code: "content_policy",
      category: "likeness",
    });

    // Named by URL in a generation request, it is fetched and screened before the 402.
    const payer = payingFetch(4);
    const before = await stack.chain.balanceOf(payer.account.address);
    const res = await payer.fetch(`${base}/generate/alpha/image-to-video`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ image: `${hostUrl}/face.jpg`, prompt: "a gentle smile" }),
    });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get("payment-required"), null);
    assert.deepEqual(pick(await res.json()), { code: "content_policy", category: "likeness" });
    assert.equal(await stack.chain.balanceOf(payer.account.address), before);
    // As a last frame too.
    const other = await upload(base, red, "image/jpeg");
    const last = await post(`${base}/generate/alpha/image-to-video`, {
      image: other,
      last_image: `${hostUrl}/face.jpg`,
    });
    assert.equal(last.status, 403);
    assert.deepEqual(pick(await last.json()), { code: "content_policy", category: "likeness" });
  });

  test("an image no upstream would take is refused with 403 and what to fix, before any 402 or charge", {
    timeout: 90_000,
  }, async () => {
    // At upload time: nothing is kept.
    const refusedUpload = await fetch(`${base}/uploads`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(small),
    });
    assert.equal(refusedUpload.status, 403);
    assert.equal(refusedUpload.headers.get("content-type"), "application/problem+json");
    const uploadProblem = (await refusedUpload.json()) as { code: string; detail: string };
    assert.equal(uploadProblem.code, "image_outside_model_limits");
    assert.match(uploadProblem.detail, /at least 300 px on each side — this one is 200×200/);

    // An upload kept before the limits were checked is judged again when a request names it.
    const id = `upl_${createHash("sha256").update(small).digest("hex")}`;
    mkdirSync(path.join(stack.server.dataDir, "videos"), { recursive: true });
    writeFileSync(
      path.join(stack.server.dataDir, "videos", `${id}.json`),
      JSON.stringify({
        v: 1,
        id,
        mime: "image/png",
        width: 200,
        height: 200,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        data: small.toString("base64"),
      }),
    );
    const payer = payingFetch(6);
    const before = await stack.chain.balanceOf(payer.account.address);
    const paidPost = (body: object) =>
      payer.fetch(`${base}/generate/alpha-fast/image-to-video`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const byId = await paidPost({ image: id, duration: 4, resolution: "480p" });
    assert.equal(byId.status, 403);
    assert.equal(byId.headers.get("payment-required"), null);
    const idProblem = (await byId.json()) as {
      code: string;
      detail: string;
      errors: { field: string }[];
    };
    assert.equal(idProblem.code, "image_outside_model_limits");
    assert.match(idProblem.detail, /^image: .*at least 300 px on each side — this one is 200×200/);
    assert.deepEqual(
      idProblem.errors.map((e) => e.field),
      ["image"],
    );

    // A panorama by URL, first or last frame: fetched, measured, refused.
    const other = await upload(base, red, "image/jpeg");
    for (const [body, field] of [
      [{ image: `${hostUrl}/panorama.png` }, "image"],
      [{ image: other, last_image: `${hostUrl}/panorama.png` }, "last_image"],
    ] as const) {
      const res = await paidPost({ ...body, duration: 4, resolution: "480p" });
      assert.equal(res.status, 403, field);
      assert.equal(res.headers.get("payment-required"), null, field);
      const problem = (await res.json()) as { code: string; detail: string };
      assert.equal(problem.code, "image_outside_model_limits", field);
      assert.match(
        problem.detail,
        new RegExp(`^${field}: .*between 2:5 and 5:2 — this one is 5:1 \\(3000×600\\)`),
      );
    }
    assert.equal(await stack.chain.balanceOf(payer.account.address), before, "nothing charged");
  });

  test("bad image references are refused before payment with stable codes", async () => {
    const unknown = await post(`${base}/generate/alpha/image-to-video`, {
      image: `upl_${"ab".repeat(32)}`,
    });
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { code: string }).code, "upload_not_found");
    const malformed = await post(`${base}/generate/alpha/image-to-video`, {
      image: "not an image",
      prompt: "x",
    });
    assert.equal(malformed.status, 403);
    assert.equal(((await malformed.json()) as { code: string }).code, "invalid_request");
    const missing = await post(`${base}/generate/alpha/image-to-video`, { prompt: "no picture" });
    assert.equal(missing.status, 403);
    const extra = await post(`${base}/generate/alpha/image-to-video`, {
      image: `upl_${"ab".repeat(32)}`,
      negative_prompt: "x",
    });
    assert.equal(extra.status, 403);
    const tooHigh = await post(`${base}/generate/alpha-fast/image-to-video`, {
      image: `upl_${"ab".repeat(32)}`,
      resolution: "1080p",
    });
    assert.equal(tooHigh.status, 403);
  });

  test("discovery describes the image products, uploads and the image policy", async () => {
    const storefront = (await (
      await fetch(base, { headers: { accept: "application/json" } })
    ).json()) as {
      image_to_video_endpoints: {
        sku: string;
        endpoint: string;
        request_body: { properties: Record<string, unknown>; required: string[] };
      }[];
      uploads: { path: string };
      image_policy: { screening: string };
      custom_endpoints: { sku: string }[];
    };
    assert.deepEqual(
      storefront.image_to_video_endpoints.map((e) => e.sku),
      ["alpha-i2v", "alpha-fast-i2v"],
    );
    assert.deepEqual(
      storefront.custom_endpoints.map((e) => e.sku),
      ["alpha-custom", "alpha-fast-custom"],
    );
    const schema = storefront.image_to_video_endpoints[0]?.request_body;
    assert.deepEqual(Object.keys(schema?.properties ?? {}).sort(), [
      "camera_fixed",
      "duration",
      "generate_audio",
      "image",
      "last_image",
      "prompt",
      "ratio",
      "resolution",
      "seed",
    ]);
    assert.deepEqual(schema?.required, ["image"]);
    assert.equal(storefront.uploads.path, "/uploads");
    assert.match(storefront.image_policy.screening, /likeness/);
    const llms = await (await fetch(`${base}/llms.txt`)).text();
    assert.ok(llms.includes("/generate/alpha/image-to-video") && llms.includes("POST /uploads"));
    const openapi = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, { post?: { operationId: string } }>;
    };
    assert.equal(
      openapi.paths["/generate/alpha-fast/image-to-video"]?.post?.operationId,
      "generate_alpha_fast_image_to_video",
    );
    assert.ok(openapi.paths["/uploads"]?.post);
    const challenge = requiredFromHeader(
      await post(`${base}/generate/alpha/image-to-video`, {
        image: await upload(base, red, "image/jpeg"),
      }),
    );
    const bazaar = challenge.extensions?.bazaar as
      | { info?: { input?: { method?: string } } }
      | undefined;
    assert.equal(bazaar?.info?.input?.method, "POST");
    // The 402's discovery extension carries the image body's schema.
    assert.ok(JSON.stringify(bazaar).includes('"last_image"'), "bazaar schema names last_image");
    assert.ok(JSON.stringify(bazaar).includes("last_image"));
  });
});
