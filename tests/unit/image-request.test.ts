import assert from "node:assert/strict";
import { test } from "node:test";
import { findAnyProductBySku, type ImageProduct } from "@/lib/catalog/products";
import { quote } from "@/lib/catalog/quote";
import { parseImageGenerationBody } from "@/lib/catalog/requests/parse-image-generation";

const alpha = findAnyProductBySku("alpha-i2v") as ImageProduct;
const fast = findAnyProductBySku("alpha-fast-i2v") as ImageProduct;
const UPLOAD = `upl_${"c".repeat(64)}`;
const parse = (product: ImageProduct, body: unknown) =>
  parseImageGenerationBody(product, new TextEncoder().encode(JSON.stringify(body)));

test("an image body needs only the image; the rest defaults like a custom clip, ratio adaptive", () => {
  const result = parse(alpha, { image: UPLOAD });
  assert.ok(result.ok);
  assert.deepEqual(result.request, {
    first: { upload: UPLOAD },
    last: null,
    prompt: null,
    durationSeconds: 5,
    resolution: "720p",
    ratio: "adaptive",
    seed: null,
    generateAudio: false,
    cameraFixed: null,
  });
});

test("URLs, last frames, prompts and every parameter pass through", () => {
  const result = parse(fast, {
    image: "https://example.com/a.png",
    last_image: UPLOAD,
    prompt: "waves roll in",
    duration: 9,
    resolution: "480p",
    ratio: "9:16",
    seed: 7,
    generate_audio: true,
    camera_fixed: true,
  });
  assert.ok(result.ok);
  assert.deepEqual(result.request.first, { url: "https://example.com/a.png" });
  assert.deepEqual(result.request.last, { upload: UPLOAD });
  assert.equal(result.request.prompt, "waves roll in");
  assert.equal(result.request.ratio, "9:16");
  assert.equal(result.request.cameraFixed, true);
});

test("strict: a missing or malformed image, unknown keys, bad prompts and out-of-range values are refused", () => {
  const fields = (body: unknown, product = alpha) => {
    const r = parse(product, body);
    assert.equal(r.ok, false, JSON.stringify(body));
    return r.ok ? [] : r.errors.map((e) => e.field);
  };
  assert.deepEqual(fields({ prompt: "no picture" }), ["image"]);
  assert.deepEqual(fields({ image: "upl_123" }), ["image"]);
  assert.deepEqual(fields({ image: "ftp://example.com/a.png" }), ["image"]);
  assert.deepEqual(fields({ image: UPLOAD, last_image: "file:///etc/passwd" }), ["last_image"]);
  assert.deepEqual(fields({ image: UPLOAD, end_image_url: UPLOAD }), ["end_image_url"]);
  assert.deepEqual(fields({ image: UPLOAD, prompt: "" }), ["prompt"]);
  assert.deepEqual(fields({ image: UPLOAD, prompt: "x".repeat(2001) }), ["prompt"]);
  assert.deepEqual(fields({ image: UPLOAD, duration: 3 }), ["duration"]);
  assert.deepEqual(fields({ image: UPLOAD, resolution: "1080p" }, fast), ["resolution"]);
  assert.deepEqual(fields({ image: UPLOAD, seed: 4294967296 }), ["seed"]);
  assert.equal(parse(alpha, []).ok, false);
});

test("image products are priced by the custom products' per-second book", () => {
  for (const [image, custom] of [
    ["alpha-i2v", "alpha-custom"],
    ["alpha-fast-i2v", "alpha-fast-custom"],
  ] as const) {
    const i = findAnyProductBySku(image);
    const c = findAnyProductBySku(custom);
    assert.ok(i && c && i.mode === "image" && c.mode === "custom");
    assert.deepEqual(i.ratesAtomicPerSecond, c.ratesAtomicPerSecond);
    for (const resolution of c.resolutions) {
      for (const durationSeconds of [4, 7, 15]) {
        for (const generateAudio of [false, true]) {
          assert.equal(
            quote(i, { durationSeconds, resolution, generateAudio }),
            quote(c, { durationSeconds, resolution, generateAudio }),
          );
        }
      }
    }
  }
});
