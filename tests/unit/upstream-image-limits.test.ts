import assert from "node:assert/strict";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import sharp from "sharp";
import { IMAGE_PRODUCTS } from "@/lib/catalog/products";
import { upstreamImageProblem } from "@/lib/catalog/upstream-image-limits";
import { prepareImageSpec } from "@/lib/checkout/prepare-image-spec";
import { acceptImage, type ImageDeps, resolveImage } from "@/lib/media/images";
import { imageId } from "@/lib/media/images/decode";
import { saveImage } from "@/lib/media/images/image-store";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { getEnv } from "@/lib/platform/env";
import { PROBLEM_CATALOG } from "@/lib/platform/errors/problems";
import { RefusalError } from "@/lib/platform/errors/refusal";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import { type FalFake, startFalFake } from "../fakes/fal-fake";
import { imageUrlProblem } from "../fakes/image-input";

const ok = (width: number, height: number, bytes?: number) =>
  assert.equal(upstreamImageProblem({ width, height, bytes }), null, `${width}×${height} is fine`);
const refused = (width: number, height: number, wording: RegExp, bytes?: number) => {
  const problem = upstreamImageProblem({ width, height, bytes });
  assert.ok(problem, `${width}×${height} is refused`);
  assert.match(problem, wording);
};

describe("the rule every upstream's image limits come down to", () => {
  test("each side at least 300 px: 299 is refused, 300 is fine", () => {
    ok(300, 300);
    ok(300, 500);
    refused(299, 500, /at least 300 px on each side — this one is 299×500/);
    refused(500, 299, /at least 300 px on each side — this one is 500×299/);
    refused(200, 200, /at least 300 px on each side — this one is 200×200/);
  });

  test("width/height between 0.4 and 2.5, both ends included", () => {
    ok(400, 1000); // 0.4 exactly
    ok(1000, 400); // 2.5 exactly
    ok(2500, 1000);
    refused(399, 1000, /between 2:5 and 5:2 — this one is 1:2\.51 \(399×1000\)/);
    refused(1001, 400, /between 2:5 and 5:2 — this one is 2\.50:1 \(1001×400\)/);
    refused(3000, 600, /between 2:5 and 5:2 — this one is 5:1 \(3000×600\)/);
    refused(600, 3000, /this one is 1:5 /);
  });

  test("the longest side at most 6000 px: 6000 is fine, 6001 is refused", () => {
    ok(6000, 4000);
    ok(4000, 6000);
    refused(6001, 4000, /at most 6000 px on its longest side — this one is 6001×4000/);
    refused(4000, 6001, /at most 6000 px/);
  });

  test("the file under 30 MB", () => {
    ok(1000, 1000, 30 * 1024 * 1024 - 1);
    refused(1000, 1000, /under 30 MB/, 30 * 1024 * 1024);
  });

  test("every limit broken is named", () => {
    const problem = upstreamImageProblem({ width: 3000, height: 200 }) ?? "";
    assert.match(problem, /at least 300 px/);
    assert.match(problem, /15:1/);
  });
});

describe("the upstream fakes enforce the same limits, decoding the image they are sent", () => {
  const dataUrl = async (width: number, height: number, format: "png" | "jpeg" | "webp") => {
    const image = sharp({ create: { width, height, channels: 3, background: "#5a7a9a" } });
    const bytes = await image[format]().toBuffer();
    return `data:image/${format};base64,${bytes.toString("base64")}`;
  };

  test("imageUrlProblem reads the size of PNG, JPEG and WebP (lossy and lossless)", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      assert.equal(imageUrlProblem(await dataUrl(300, 300, format)), null, format);
      assert.equal(imageUrlProblem(await dataUrl(1000, 400, format)), null, format);
      assert.match(imageUrlProblem(await dataUrl(299, 300, format)) ?? "", /at least 300 px/);
      assert.match(imageUrlProblem(await dataUrl(3000, 600, format)) ?? "", /aspect ratio/);
      assert.match(imageUrlProblem(await dataUrl(6001, 2500, format)) ?? "", /at most 6000 px/);
    }
    const lossless = await sharp({
      create: { width: 250, height: 400, channels: 3, background: "#123456" },
    })
      .webp({ lossless: true })
      .toBuffer();
    assert.match(
      imageUrlProblem(`data:image/webp;base64,${lossless.toString("base64")}`) ?? "",
      /is 250x400/,
    );
  });

  let ark: ArkFake;
  let fal: FalFake;
  before(async () => {
    [ark, fal] = await Promise.all([startArkFake(), startFalFake()]);
  });
  after(async () => {
    await Promise.all([ark?.close(), fal?.close()]);
  });

  test("Ark answers a too-small first frame with 400 InvalidParameter; fal with a 422 image_load_error", async () => {
    const small = await dataUrl(200, 200, "png");
    const arkAnswer = await fetch(`${ark.url}/api/v3/contents/generations/tasks`, {
      method: "POST",
      headers: { authorization: `Bearer ${ark.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "m",
        content: [{ type: "image_url", image_url: { url: small }, role: "first_frame" }],
      }),
    });
    assert.equal(arkAnswer.status, 400);
    const arkBody = (await arkAnswer.json()) as { error: { code: string; message: string } };
    assert.equal(arkBody.error.code, "InvalidParameter");
    assert.match(arkBody.error.message, /at least 300 px/);

    const falAnswer = await fetch(`${fal.url}/bytedance/seedance-2.0/fast/image-to-video`, {
      method: "POST",
      headers: { authorization: `Key ${fal.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        prompt: "x",
        duration: "5",
        image_url: await dataUrl(3000, 600, "jpeg"),
      }),
    });
    assert.equal(falAnswer.status, 422);
    const falBody = (await falAnswer.json()) as { detail: { loc: string[]; type: string }[] };
    assert.deepEqual(falBody.detail[0]?.loc, ["body", "image_url"]);
    assert.equal(falBody.detail[0]?.type, "image_load_error");
  });
});

describe("the service holds every picture to the rule before storing or quoting it", () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#6a7a5a" } })
      .png()
      .toBuffer();
  let dir: string;
  let deps: ImageDeps;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "reel402-limits-"));
    deps = {
      store: createLocalStore({ dir, secret: "limits-test-secret-0123456789abcdef" }),
      screenImage: async () => ({ allowed: true }),
    };
  });
  after(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(error instanceof RefusalError, `expected a refusal, got ${String(error)}`);
    return error;
  };

  test("an upload too small or too wide is refused with 403 and the fix, and not kept", async () => {
    for (const [w, h, wording] of [
      [200, 200, /at least 300 px on each side — this one is 200×200/],
      [3000, 600, /between 2:5 and 5:2 — this one is 5:1/],
    ] as const) {
      const error = await refusal(acceptImage(await png(w, h), deps));
      assert.equal(error.code, "image_outside_model_limits");
      assert.equal(PROBLEM_CATALOG[error.code].status, 403);
      assert.match(error.message, wording);
    }
    assert.deepEqual(await readdir(dir), [], "nothing stored");
    const fine = await acceptImage(await png(300, 750), deps);
    assert.ok(fine.expiresAt, "300×750 (2:5) is kept");
  });

  test("a stored upload outside the limits is refused when a request names it, before any quote", async () => {
    const bytes = await png(200, 200);
    const id = imageId(bytes);
    await saveImage(deps.store, { id, bytes, mime: "image/png", width: 200, height: 200 });
    const error = await refusal(resolveImage({ upload: id }, deps));
    assert.equal(error.code, "image_outside_model_limits");

    const product = IMAGE_PRODUCTS[0];
    assert.ok(product);
    const good = await acceptImage(await png(640, 480), deps);
    const prepared = await prepareImageSpec(
      product,
      {
        first: { upload: good.image.id },
        last: { upload: id },
        prompt: null,
        durationSeconds: 5,
        resolution: "480p",
        ratio: "adaptive",
        seed: null,
        generateAudio: false,
        cameraFixed: null,
      },
      getEnv(),
      deps,
    );
    assert.equal(prepared.kind, "refused");
    if (prepared.kind !== "refused") return;
    assert.equal(prepared.code, "image_outside_model_limits");
    assert.match(prepared.detail, /^last_image: .*at least 300 px on each side/);
    assert.deepEqual(
      prepared.errors?.map((e) => e.field),
      ["last_image"],
    );
  });
});
