import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import sharp from "sharp";
import { RefusalError } from "@/lib/platform/errors/refusal";
import { getEnv } from "@/lib/platform/env";
import { acceptImage } from "@/lib/media/images";
import { normalizeImage } from "@/lib/media/images/decode";
import { ScreenPool } from "@/lib/media/images/screen-pool";
import { judgeImage, screenImage } from "@/lib/media/images/screen-image";
import { namedSecret } from "@/lib/platform/secrets/named-secret";
import { createVideoStore } from "@/lib/media/storage/store";

const portrait = readFileSync("tests/fixtures/images/face-photo-portrait-1.jpg");
const fakeWorker = (name: string) => path.resolve("tests/fixtures/workers", name);
const gray = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#7a8a9a" } })
    .png()
    .toBuffer();

async function unavailable(promise: Promise<unknown>): Promise<RefusalError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof RefusalError, `expected a RefusalError, got ${String(error)}`);
  assert.equal(error.code, "unavailable");
  assert.ok((error.retryAfter ?? 0) > 0, "with a Retry-After");
  return error;
}

/** A face (~60 px) in a 4096x300 strip: one 512 px shrink leaves it ~8 px. */
async function panorama(): Promise<Buffer> {
  const face = await sharp(portrait).resize({ height: 96 }).toBuffer();
  return sharp({ create: { width: 4096, height: 300, channels: 3, background: "#6a8caf" } })
    .composite([{ input: face, left: 2900, top: 110 }])
    .png()
    .toBuffer();
}

describe("screening in worker threads, with the real models", () => {
  const pool = new ScreenPool({ workers: 1, queue: 4 });
  after(() => pool.close());

  test("a face in a 4096x300 panorama is found (tiles at render scale), and the loop stays free meanwhile", {
    timeout: 300_000,
  }, async () => {
    const stored = await normalizeImage(await panorama());
    let worst = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 20);
    const analysis = await pool.analyze(stored.bytes).finally(() => clearInterval(ticker));
    assert.ok(analysis.passes > 1, `tiled (${analysis.passes} passes)`);
    const verdict = judgeImage(analysis);
    assert.equal(!verdict.allowed && verdict.category, "likeness", JSON.stringify(analysis.faces));
    // Generous: it proves the request thread was never held for the seconds inference takes.
    assert.ok(worst < 1000, `event loop held ${worst.toFixed(0)} ms`);
  });

  test("an image without people, wide or not, passes", { timeout: 300_000 }, async () => {
    for (const bytes of [await gray(4096, 300), await gray(640, 480)]) {
      const verdict = judgeImage(await pool.analyze((await normalizeImage(bytes)).bytes));
      assert.deepEqual(verdict, { allowed: true });
    }
  });
});

describe("alpha", () => {
  test("a face at alpha 1/255 is stored without alpha and refused as likeness", {
    timeout: 300_000,
  }, async () => {
    const { data, info } = await sharp(portrait)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (let i = 3; i < data.length; i += 4) data[i] = 1;
    const ghost = await sharp(data, {
      raw: { width: info.width, height: info.height, channels: 4 },
    })
      .png()
      .toBuffer();
    const stored = await normalizeImage(ghost);
    const meta = await sharp(stored.bytes).metadata();
    assert.equal(meta.hasAlpha, false, "the stored (and sent) image has no alpha channel");
    assert.equal(meta.channels, 3);
    const { screening, expiresAt } = await acceptImage(ghost, {
      store: createVideoStore(getEnv(), namedSecret("video-url")),
      screenImage,
    });
    assert.equal(!screening.allowed && screening.category, "likeness");
    assert.equal(expiresAt, null, "not stored");
  });

  test("a transparent logo is flattened onto white and stored as such", async () => {
    const logo = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 32, height: 32, channels: 4, background: "#ff0000ff" },
          })
            .png()
            .toBuffer(),
          left: 16,
          top: 16,
        },
      ])
      .png()
      .toBuffer();
    const stored = await normalizeImage(logo);
    const { data } = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([...data.subarray(0, 3)], [255, 255, 255], "transparent corner is white");
    const centre = (32 * 64 + 32) * 3;
    assert.deepEqual([...data.subarray(centre, centre + 3)], [255, 0, 0]);
  });
});

describe("the pool under pressure and faults", () => {
  test("a full queue is refused at once with 503 unavailable + Retry-After; closing fails the rest the same way", async () => {
    const pool = new ScreenPool({ workers: 1, queue: 1, entry: fakeWorker("silent-worker.mjs") });
    const bytes = await gray(8, 8);
    const running = unavailable(pool.analyze(bytes));
    const waiting = unavailable(pool.analyze(bytes));
    const started = performance.now();
    await unavailable(pool.analyze(bytes));
    assert.ok(performance.now() - started < 1000, "refused without waiting");
    assert.equal(pool.load, 2);
    await pool.close();
    await running;
    await waiting;
    await unavailable(pool.analyze(bytes));
  });

  test("a worker that dies fails its image with 503, never a crash, and the next image gets a new worker", async () => {
    const pool = new ScreenPool({ workers: 1, queue: 2, entry: fakeWorker("exit-worker.mjs") });
    const bytes = await gray(8, 8);
    await unavailable(pool.analyze(bytes));
    await unavailable(pool.analyze(bytes));
    assert.equal(pool.load, 0);
    await pool.close();
  });

  test("a worker that never answers is ended after the task timeout and replaced", async () => {
    const pool = new ScreenPool({
      workers: 1,
      queue: 2,
      taskTimeoutMs: 300,
      entry: fakeWorker("silent-worker.mjs"),
    });
    const bytes = await gray(8, 8);
    const first = unavailable(pool.analyze(bytes));
    const second = unavailable(pool.analyze(bytes));
    await first;
    assert.equal(pool.load, 1, "the waiting image moved to a fresh worker");
    await second;
    await pool.close();
  });
});
