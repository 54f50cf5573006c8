import assert from "node:assert/strict";
import { test } from "node:test";
import { screen } from "@/lib/screening/screen";
import { cachedScreen } from "@/lib/screening/screen-cache";

const PROMPTS = [
  "a lighthouse at dusk",
  "A lighthouse at dusk",
  "a lighthouse at dusk ",
  "a naked woman on a beach",
  "a n4ked woman on a beach",
  "a schoolgirl dancing",
  "a portrait of Taylor Swift",
  "a knight beheading a dragon, blood everywhere",
  "a castle at night --ar 16:9",
  "a drawing with no blood or gore",
  "x".repeat(1_500),
];

test("a cached verdict is the one the screen gives, the first time and every time after", () => {
  const expected = PROMPTS.map((p) => screen(p));
  assert.ok(expected.some((v) => v.allowed) && expected.some((v) => !v.allowed));
  for (let round = 0; round < 3; round++)
    for (const [i, prompt] of PROMPTS.entries())
      assert.deepEqual(cachedScreen(prompt), expected[i], `round ${round}: ${prompt.slice(0, 40)}`);
});

test("prompts that differ in any character are screened apart", () => {
  assert.equal(cachedScreen("a tiger in the snow").allowed, true);
  assert.equal(cachedScreen("a tiger in the snow, nude").allowed, false);
  assert.equal(cachedScreen("a tiger in the snow").allowed, true);
});

test("a cached verdict cannot be changed by a caller", () => {
  const verdict = cachedScreen("a nude figure");
  assert.equal(verdict.allowed, false);
  assert.throws(() => {
    (verdict as { allowed: boolean }).allowed = true;
  });
  assert.equal(cachedScreen("a nude figure").allowed, false);
});

test("however many distinct prompts arrive, each still gets the screen's verdict", () => {
  for (let i = 0; i < 5_000; i++) {
    const prompt = i % 2 ? `a red fox number ${i}` : `a naked fox number ${i}`;
    assert.deepEqual(cachedScreen(prompt), screen(prompt));
  }
  assert.deepEqual(cachedScreen("a naked fox number 0"), screen("a naked fox number 0"));
});
