import assert from "node:assert/strict";
import { test } from "node:test";
import { categoryFromModeration } from "@/lib/screening/moderation-categories";

const flagged = (...names: string[]) => ({
  flagged: names.length > 0,
  categories: Object.fromEntries(names.map((n) => [n, true])),
});

test("hosted categories in our policy map to ours", () => {
  assert.equal(categoryFromModeration(flagged("sexual/minors")), "minors");
  assert.equal(categoryFromModeration(flagged("sexual")), "sexual");
  assert.equal(categoryFromModeration(flagged("violence/graphic")), "graphic_violence");
});

test("several flags report the most serious", () => {
  assert.equal(categoryFromModeration(flagged("sexual", "sexual/minors")), "minors");
  assert.equal(categoryFromModeration(flagged("violence", "violence/graphic", "sexual")), "sexual");
  assert.equal(categoryFromModeration(flagged("violence", "violence/graphic")), "graphic_violence");
});

test("plain violence and categories outside our policy pass", () => {
  // "fantasy combat without gore"
  assert.equal(categoryFromModeration(flagged("violence")), null);
  for (const name of [
    "harassment",
    "harassment/threatening",
    "hate",
    "hate/threatening",
    "self-harm",
    "self-harm/intent",
    "self-harm/instructions",
    "illicit",
    "illicit/violent",
  ]) {
    assert.equal(categoryFromModeration(flagged(name)), null, name);
  }
});

test("false, missing and malformed categories pass", () => {
  assert.equal(
    categoryFromModeration({
      flagged: false,
      categories: { sexual: false, "sexual/minors": false, "violence/graphic": false },
    }),
    null,
  );
  assert.equal(categoryFromModeration({ flagged: true }), null);
  assert.equal(categoryFromModeration({}), null);
});
