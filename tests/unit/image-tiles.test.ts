import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DETECTOR_SIDE,
  MAX_TILES,
  maxRenderScale,
  planTiles,
  TILE_OVERLAP,
} from "@/lib/media/images/tile-plan";

const SIDES = [1, 2, 37, 300, 511, 512, 513, 800, 1024, 1920, 2304, 3000, 4095, 4096];

test("every image shape gets a bounded plan whose tiles lie inside the scaled copy and cover it", () => {
  for (const w of SIDES)
    for (const h of SIDES) {
      const plan = planTiles(w, h);
      const at = `${w}x${h}`;
      assert.ok(plan.tiles.length <= MAX_TILES, `${at}: ${plan.tiles.length} tiles`);
      assert.ok(plan.scale > 0 && plan.scale <= 1, `${at}: never enlarged (${plan.scale})`);
      if (plan.tiles.length === 0) {
        assert.ok(plan.width <= DETECTOR_SIDE && plan.height <= DETECTOR_SIDE, at);
        continue;
      }
      for (const t of plan.tiles) {
        assert.ok(t.left >= 0 && t.top >= 0, at);
        assert.ok(t.width <= DETECTOR_SIDE && t.height <= DETECTOR_SIDE, at);
        assert.ok(t.left + t.width <= plan.width && t.top + t.height <= plan.height, at);
      }
      const inTile = (x: number, y: number) =>
        plan.tiles.some(
          (t) => x >= t.left && x < t.left + t.width && y >= t.top && y < t.top + t.height,
        );
      for (const y of [
        0,
        ...Array.from({ length: 16 }, (_, i) => Math.floor((plan.height * i) / 16)),
        plan.height - 1,
      ])
        for (const x of [
          0,
          ...Array.from({ length: 32 }, (_, i) => Math.floor((plan.width * i) / 32)),
          plan.width - 1,
        ])
          assert.ok(inTile(x, y), `${at}: pixel ${x},${y} in a tile`);
    }
});

test("neighbouring tiles overlap by at least TILE_OVERLAP, so a face that size is whole in one", () => {
  const plan = planTiles(4096, 300);
  const lefts = [...new Set(plan.tiles.map((t) => t.left))].sort((a, b) => a - b);
  for (let i = 1; i < lefts.length; i++)
    assert.ok(
      (lefts[i - 1] as number) + DETECTOR_SIDE - (lefts[i] as number) >= TILE_OVERLAP,
      `tiles ${i - 1} and ${i}`,
    );
});

test("a 4096x300 panorama is searched at full scale; a single 512 px shrink would divide its faces by 8", () => {
  const plan = planTiles(4096, 300);
  assert.equal(plan.scale, 1);
  assert.ok(plan.tiles.length > 1);
  assert.ok(maxRenderScale(4096, 300) > 7, "the renderer can draw this panorama 7x larger");
});

test("the worst case (a 4096 px square) stays within the budget at a scale well above one shrink's", () => {
  const plan = planTiles(4096, 4096);
  assert.ok(plan.tiles.length <= MAX_TILES);
  assert.ok(plan.scale > 2 * (DETECTOR_SIDE / 4096), `scale ${plan.scale}`);
  assert.deepEqual(planTiles(512, 384).tiles, [], "a small image needs the whole-image pass only");
});
