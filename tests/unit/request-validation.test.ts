import assert from "node:assert/strict";
import { test } from "node:test";
import { findAnyProductBySku, type Product } from "@/lib/catalog/products";
import { parseGenerationBody } from "@/lib/catalog/requests/parse-generation";

const enc = (v: unknown) => new TextEncoder().encode(typeof v === "string" ? v : JSON.stringify(v));
const fixed = findAnyProductBySku("alpha-5s-720p") as Product;
const alpha = findAnyProductBySku("alpha-custom") as Product;
const fast = findAnyProductBySku("alpha-fast-custom") as Product;

function errorsOf(product: typeof alpha, body: unknown) {
  const r = parseGenerationBody(product, enc(body));
  assert.equal(r.ok, false, JSON.stringify(body));
  return r.ok ? [] : r.errors.map((e) => e.field);
}

test("fixed body: defaults ratio to 16:9 and fixes 5 s 720p", () => {
  const r = parseGenerationBody(fixed, enc({ prompt: "a cat" }));
  assert.ok(r.ok);
  assert.deepEqual(r.spec, {
    model: "alpha-2.0",
    prompt: "a cat",
    durationSeconds: 5,
    resolution: "720p",
    ratio: "16:9",
    seed: null,
    generateAudio: false,
    cameraFixed: null,
  });
});

test("custom body: defaults duration 5, 720p, adaptive, no audio, random seed", () => {
  const r = parseGenerationBody(alpha, enc({ prompt: "a cat" }));
  assert.ok(r.ok);
  assert.deepEqual(r.spec, {
    model: "alpha-2.0",
    prompt: "a cat",
    durationSeconds: 5,
    resolution: "720p",
    ratio: "adaptive",
    seed: null,
    generateAudio: false,
    cameraFixed: null,
  });
});

test("custom body: every field accepted at its bounds", () => {
  for (const body of [
    {
      prompt: "p",
      duration: 4,
      resolution: "480p",
      ratio: "9:16",
      seed: -1,
      generate_audio: true,
      camera_fixed: true,
    },
    {
      prompt: "p",
      duration: 15,
      resolution: "1080p",
      ratio: "21:9",
      seed: 4294967295,
      generate_audio: false,
      camera_fixed: false,
    },
    { prompt: "x".repeat(2000) },
    { prompt: "é".repeat(2000) },
    { prompt: "😀".repeat(2000) },
  ]) {
    const r = parseGenerationBody(alpha, enc(body));
    assert.ok(r.ok, JSON.stringify(body).slice(0, 60));
  }
  const r = parseGenerationBody(alpha, enc({ prompt: "p", seed: 42 }));
  assert.ok(r.ok && r.spec.seed === 42);
  const random = parseGenerationBody(alpha, enc({ prompt: "p", seed: -1 }));
  assert.ok(random.ok && random.spec.seed === null);
});

test("each ratio of the spec is accepted on both kinds of product", () => {
  for (const ratio of ["16:9", "4:3", "1:1", "3:4", "9:16", "21:9", "adaptive"]) {
    assert.ok(parseGenerationBody(fixed, enc({ prompt: "p", ratio })).ok, ratio);
    assert.ok(parseGenerationBody(alpha, enc({ prompt: "p", ratio })).ok, ratio);
  }
});

test("validation names the offending field", () => {
  assert.deepEqual(errorsOf(fixed, { prompt: "p", duration: 5 }), ["duration"]);
  assert.deepEqual(errorsOf(fixed, { prompt: "p", seed: 1 }), ["seed"]);
  assert.deepEqual(errorsOf(fixed, {}), ["prompt"]);
  assert.deepEqual(errorsOf(fixed, { prompt: 5 }), ["prompt"]);
  assert.deepEqual(errorsOf(fixed, { prompt: "" }), ["prompt"]);
  assert.deepEqual(errorsOf(fixed, { prompt: "x".repeat(2001) }), ["prompt"]);
  assert.deepEqual(errorsOf(fixed, { prompt: "p", ratio: "2:1" }), ["ratio"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", duration: 3 }), ["duration"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", duration: 16 }), ["duration"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", duration: 4.5 }), ["duration"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", duration: "5" }), ["duration"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", resolution: "4k" }), ["resolution"]);
  assert.deepEqual(errorsOf(fast, { prompt: "p", resolution: "1080p" }), ["resolution"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", seed: -2 }), ["seed"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", seed: 4294967296 }), ["seed"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", seed: 1.5 }), ["seed"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", generate_audio: "true" }), ["generate_audio"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", camera_fixed: 1 }), ["camera_fixed"]);
  assert.deepEqual(errorsOf(alpha, { prompt: "p", fps: 30, watermark: false }).sort(), [
    "fps",
    "watermark",
  ]);
});

test("a body that is not a UTF-8 JSON object is refused", () => {
  for (const raw of ["", "{", "null", "[]", '"text"', "42"]) {
    assert.deepEqual(errorsOf(alpha, raw), ["(body)"], raw);
  }
  const bad = parseGenerationBody(alpha, new Uint8Array([0x7b, 0xff, 0x7d]));
  assert.equal(bad.ok, false);
});
