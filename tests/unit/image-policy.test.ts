import assert from "node:assert/strict";
import { test } from "node:test";
import { IMAGE_POLICY, judgeImage } from "@/lib/media/images/screen-image";

const clean = { Neutral: 0.9, Drawing: 0.05, Sexy: 0.03, Porn: 0.01, Hentai: 0.01 };
const judge = (faces: number[], nsfw: Record<string, number> = clean) =>
  judgeImage({ faces, nsfw, passes: 1, ms: 0 });

test("a face at or above the threshold is refused as likeness; below it, or none, passes", () => {
  assert.deepEqual(judge([]), { allowed: true });
  assert.deepEqual(judge([IMAGE_POLICY.faceMinConfidence - 0.01]), { allowed: true });
  const refused = judge([0.2, IMAGE_POLICY.faceMinConfidence]);
  assert.equal(refused.allowed, false);
  assert.equal(!refused.allowed && refused.category, "likeness");
});

test("explicit content is refused as sexual; suggestive alone passes", () => {
  assert.deepEqual(
    judge([], { Sexy: 0.97, Neutral: 0.03 }),
    { allowed: true },
    "swimwear-like pictures pass",
  );
  for (const nsfw of [{ Porn: 0.7 }, { Hentai: 0.75 }, { Porn: 0.45, Hentai: 0.4 }] as Record<
    string,
    number
  >[]) {
    const v = judge([], nsfw);
    assert.equal(!v.allowed && v.category, "sexual", JSON.stringify(nsfw));
  }
  assert.deepEqual(judge([], { Porn: 0.69, Hentai: 0.1 }), { allowed: true });
});

test("with a face, a clothed group photo nsfwjs over-scores is likeness; a strongly explicit one is sexual", () => {
  const clothed = judge([0.99], { Porn: 0.8, Sexy: 0.1 });
  assert.equal(!clothed.allowed && clothed.category, "likeness");
  const explicit = judge([0.99], { Porn: 0.95 });
  assert.equal(!explicit.allowed && explicit.category, "sexual");
});
