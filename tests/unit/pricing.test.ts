import assert from "node:assert/strict";
import { test } from "node:test";
import { type CustomProduct, findAnyProductBySku, PRODUCTS } from "@/lib/catalog/products";
import { formatUsd, priceRange, quote, quoteCustom } from "@/lib/pricing/quote";
import type { Resolution } from "@/lib/providers/types";

const custom = (sku: string) => findAnyProductBySku(sku) as CustomProduct;

/** Independent reference: decimal dollars by string math, rounded up to the cent. */
function reference(ratePerSecondUsd: string, duration: number, audio: boolean): number {
  const [whole = "0", frac = ""] = ratePerSecondUsd.split(".");
  const micro = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, "0"));
  let total = micro * BigInt(duration) * (audio ? 125n : 100n); // in 1e-8 dollars
  const centUnit = 10_000n * 100n;
  const cents = (total + centUnit - 1n) / centUnit;
  total = cents * 10_000n;
  return Number(total);
}

const RATES: Record<string, Partial<Record<Resolution, string>>> = {
  "alpha-custom": { "480p": "0.112", "720p": "0.192", "1080p": "0.48" },
  "alpha-fast-custom": { "480p": "0.065", "720p": "0.182" },
};

test("fixed products cost 0.96 and 0.91", () => {
  assert.equal(quote(findAnyProductBySku("alpha-5s-720p")!, null), 960_000);
  assert.equal(quote(findAnyProductBySku("alpha-fast-5s-720p")!, null), 910_000);
});

test("every duration × resolution × audio combination matches the formula, rounded up to the cent", () => {
  let checked = 0;
  for (const [sku, rates] of Object.entries(RATES)) {
    const product = custom(sku);
    for (const [resolution, rate] of Object.entries(rates) as [Resolution, string][]) {
      for (let duration = 4; duration <= 15; duration++) {
        for (const generateAudio of [false, true]) {
          const price = quoteCustom(product, {
            durationSeconds: duration,
            resolution,
            generateAudio,
          });
          assert.equal(
            price,
            reference(rate, duration, generateAudio),
            `${sku} ${resolution} ${duration}s audio=${generateAudio}`,
          );
          assert.equal(price % 10_000, 0, "whole cents");
          assert.ok(Number.isSafeInteger(price));
          checked++;
        }
      }
    }
  }
  assert.equal(checked, 5 * 12 * 2);
});

test("spot checks: rounding goes up, never to nearest", () => {
  const alpha = custom("alpha-custom");
  const fast = custom("alpha-fast-custom");
  assert.equal(
    quoteCustom(alpha, { durationSeconds: 4, resolution: "480p", generateAudio: false }),
    450_000,
  ); // 0.448 → 0.45
  assert.equal(
    quoteCustom(fast, { durationSeconds: 7, resolution: "480p", generateAudio: true }),
    570_000,
  ); // 0.56875 → 0.57
  assert.equal(
    quoteCustom(fast, { durationSeconds: 15, resolution: "720p", generateAudio: true }),
    3_420_000,
  ); // 3.4125 → 3.42
  assert.equal(
    quoteCustom(alpha, { durationSeconds: 15, resolution: "1080p", generateAudio: true }),
    9_000_000,
  );
});

test("price ranges match the published min and max", () => {
  assert.deepEqual(priceRange(custom("alpha-custom")), {
    minAtomic: 450_000,
    maxAtomic: 9_000_000,
  });
  assert.deepEqual(priceRange(custom("alpha-fast-custom")), {
    minAtomic: 260_000,
    maxAtomic: 3_420_000,
  });
});

test("a resolution the model does not offer cannot be priced", () => {
  assert.throws(
    () =>
      quoteCustom(custom("alpha-fast-custom"), {
        durationSeconds: 5,
        resolution: "1080p",
        generateAudio: false,
      }),
    RangeError,
  );
});

test("formatUsd renders atomic units as decimal strings", () => {
  assert.equal(formatUsd(960_000), "0.96");
  assert.equal(formatUsd(9_000_000), "9.00");
  assert.equal(formatUsd(112_000), "0.112");
  assert.equal(formatUsd(65_000), "0.065");
  assert.equal(formatUsd(0), "0.00");
  assert.equal(formatUsd(1_234_567), "1.234567");
});

test("the catalogue has the four products of the spec with unique paths and operation ids", () => {
  assert.deepEqual(
    PRODUCTS.map((p) => [p.sku, p.path, p.operationId, p.model]),
    [
      ["alpha-5s-720p", "/generate/alpha/5s-720p", "generate_alpha_5s_720p", "alpha-2.0"],
      [
        "alpha-fast-5s-720p",
        "/generate/alpha-fast/5s-720p",
        "generate_alpha_fast_5s_720p",
        "alpha-2.0-fast",
      ],
      ["alpha-custom", "/generate/alpha/custom", "generate_alpha_custom", "alpha-2.0"],
      [
        "alpha-fast-custom",
        "/generate/alpha-fast/custom",
        "generate_alpha_fast_custom",
        "alpha-2.0-fast",
      ],
    ],
  );
});
