import { randomUUID } from "node:crypto";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, beforeEach, test } from "node:test";
import { createArkProvider } from "@/lib/jobs/providers/ark-provider";
import { createFalProvider } from "@/lib/jobs/providers/fal-provider";
import { nearestRatio } from "@/lib/jobs/providers/frame-size";
import { createLocalProvider } from "@/lib/jobs/providers/local-renderer";
import type { AttemptContext, ImageLoader } from "@/lib/jobs/providers/types";
import type { FrameImage, GenerationSpec } from "@/lib/catalog/generation-spec";
import { requestHash } from "@/lib/checkout/request-hash";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import { type FalFake, startFalFake } from "../fakes/fal-fake";
import { pollUntilSettled, rejectsWithFailure } from "../fakes/fake-server";
import { dataUrlBytes } from "../fakes/image-input";
import { frameColour, syntheticImage } from "../helpers/images";
import { probe } from "../helpers/media";

const images = new Map<string, { bytes: Buffer; mime: string }>();
const loadImage: ImageLoader = async (id) => {
  const image = images.get(id);
  if (!image) throw new Error("no such image");
  return image;
};
function store(bytes: Buffer, mime: string, width: number, height: number): FrameImage {
  const id = `upl_${createHash("sha256").update(bytes).digest("hex")}`;
  images.set(id, { bytes, mime });
  return { id, mime, width, height };
}

let first: FrameImage;
let last: FrameImage;
let ark: ArkFake;
let fal: FalFake;
let workDir: string;

/** The Ark adapter against the fake, loading frames from this file's uploads. */
const arkProvider = () =>
  createArkProvider({
    baseUrl: ark.url,
    apiKey: ark.apiKey,
    models: { "alpha-2.0": "m", "alpha-2.0-fast": "mf" },
    requestTimeoutMs: 2000,
    loadImage,
  });
/** What the engine sends beside the spec: polling only, the default deadline. */
/** A fresh attempt: the local renderer names its task after it. */
const arkAttempt = (): AttemptContext => ({
  attemptId: randomUUID(),
  startedAt: new Date(),
  endUser: `p-${"b".repeat(32)}`,
  callbackUrl: null,
  executionLimitSeconds: 900,
});

before(async () => {
  // Red-dominated bars first, a blue-dominated picture last, so the clip's ends can be told apart.
  first = store(await syntheticImage("color=c=0xd02020", 640, 480, "png"), "image/png", 640, 480);
  last = store(await syntheticImage("color=c=0x2030d0", 640, 480, "jpg"), "image/jpeg", 640, 480);
  [ark, fal] = await Promise.all([
    startArkFake({ pollsBeforeDone: 0 }),
    startFalFake({ pollsBeforeDone: 0 }),
  ]);
  workDir = await mkdtemp(path.join(os.tmpdir(), "reel402-i2v-"));
});
after(async () => {
  await Promise.all([ark.close(), fal.close(), rm(workDir, { recursive: true, force: true })]);
});
beforeEach(() => {
  ark.requests.length = 0;
  fal.requests.length = 0;
});

const ATTEMPT: AttemptContext = {
  attemptId: "att_i2v",
  startedAt: new Date(),
  endUser: "p-00000000000000000000000000000000",
  callbackUrl: null,
  executionLimitSeconds: 600,
};

const spec = (over: Partial<GenerationSpec> = {}): GenerationSpec => ({
  model: "alpha-2.0",
  prompt: "The camera drifts slowly to the right",
  durationSeconds: 4,
  resolution: "480p",
  ratio: "4:3",
  seed: 5,
  generateAudio: false,
  cameraFixed: null,
  images: { first, last: null },
  ...over,
});

test("the adaptive ratio is the supported one nearest the picture", () => {
  assert.equal(nearestRatio(640, 480), "4:3");
  assert.equal(nearestRatio(1920, 1080), "16:9");
  assert.equal(nearestRatio(1000, 1000), "1:1");
  assert.equal(nearestRatio(1080, 1920), "9:16");
  assert.equal(nearestRatio(2560, 1080), "21:9");
  assert.equal(nearestRatio(3000, 1000), "21:9");
  assert.equal(nearestRatio(900, 1200), "3:4");
});

test("the request hash names the pictures: another image or last frame is another request", () => {
  const base = spec();
  assert.notEqual(
    requestHash("alpha-i2v", base),
    requestHash("alpha-i2v", spec({ images: { first: last, last: null } })),
  );
  assert.notEqual(
    requestHash("alpha-i2v", base),
    requestHash("alpha-i2v", spec({ images: { first, last } })),
  );
  assert.equal(requestHash("alpha-i2v", base), requestHash("alpha-i2v", spec()));
});

test("Ark gets the prompt and the frames as role-tagged image_url items with data URLs", async () => {
  const provider = arkProvider();
  const { taskId } = await provider.submit(spec({ images: { first, last } }), arkAttempt());
  const body = ark.requests[0]?.body as {
    content: { type: string; text?: string; role?: string; image_url?: { url: string } }[];
    ratio: string;
  };
  assert.deepEqual(
    body.content.map((c) => [c.type, c.role ?? null]),
    [
      ["text", null],
      ["image_url", "first_frame"],
      ["image_url", "last_frame"],
    ],
  );
  assert.match(body.content[1]?.image_url?.url ?? "", /^data:image\/png;base64,/);
  assert.match(body.content[2]?.image_url?.url ?? "", /^data:image\/jpeg;base64,/);
  assert.ok(
    dataUrlBytes(body.content[1]?.image_url?.url ?? "").equals(
      images.get(first.id)?.bytes ?? Buffer.alloc(0),
    ),
  );
  assert.equal(body.ratio, "4:3");
  const { result } = await pollUntilSettled(provider, taskId);
  assert.equal(result.state, "succeeded");

  // Without a prompt the content is the picture alone.
  await provider.submit(spec({ prompt: "" }), arkAttempt());
  const second = ark.requests.at(-1)?.body as { content: { type: string; role?: string }[] };
  assert.deepEqual(
    second.content.map((c) => [c.type, c.role]),
    [["image_url", "first_frame"]],
  );
});

test("the Ark fake refuses what Ark refuses: a last frame alone, an image that is not what it claims", async () => {
  const post = (content: unknown[]) =>
    fetch(`${ark.url}/api/v3/contents/generations/tasks`, {
      method: "POST",
      headers: { authorization: `Bearer ${ark.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "m", content }),
    });
  const png = `data:image/png;base64,${images.get(first.id)?.bytes.toString("base64")}`;
  assert.equal(
    (await post([{ type: "image_url", image_url: { url: png }, role: "last_frame" }])).status,
    400,
  );
  assert.equal(
    (
      await post([
        {
          type: "image_url",
          image_url: { url: png.replace("image/png", "image/webp") },
          role: "first_frame",
        },
      ])
    ).status,
    400,
  );
  assert.equal(
    (
      await post([
        { type: "image_url", image_url: { url: "/local/file.png" }, role: "first_frame" },
      ])
    ).status,
    400,
  );
  assert.equal(
    (await post([{ type: "image_url", image_url: { url: png }, role: "first_frame" }])).status,
    200,
  );
});

test("fal gets its own storage URLs for the frames, on the image-to-video twin of its endpoint", async () => {
  const endpoints = {
    "alpha-2.0": "bytedance/seedance-2.0/text-to-video",
    "alpha-2.0-fast": "bytedance/seedance-2.0/fast/text-to-video",
  };
  const provider = createFalProvider({
    queueBaseUrl: fal.url,
    restBaseUrl: fal.url,
    apiKey: fal.apiKey,
    endpoints,
    requestTimeoutMs: 2000,
    loadImage,
  });
  const { taskId } = await provider.submit(
    spec({ model: "alpha-2.0-fast", images: { first, last }, prompt: "", ratio: "adaptive" }),
    ATTEMPT,
  );
  // fal's upload protocol: initiate on the REST host with the key, PUT the bytes without it.
  const initiates = fal.requests.filter((r) => r.path.startsWith("/storage/upload/initiate"));
  assert.deepEqual(
    initiates.map((r) => (r.body as { content_type?: string }).content_type),
    ["image/png", "image/jpeg"],
  );
  assert.ok(initiates.every((r) => r.headers.authorization === `Key ${fal.apiKey}`));
  const puts = fal.requests.filter((r) => r.method === "PUT" && r.path.startsWith("/upload/"));
  assert.equal(puts.length, 2);
  assert.ok(
    puts.every((r) => r.headers.authorization === undefined),
    "no key to the upload URL",
  );

  const request = fal.requests.find((r) => r.method === "POST" && !r.path.startsWith("/storage"));
  assert.equal(
    new URL(request?.path ?? "", fal.url).pathname,
    "/bytedance/seedance-2.0/fast/image-to-video",
  );
  const body = request?.body as Record<string, string>;
  assert.deepEqual(Object.keys(body).sort(), [
    "aspect_ratio",
    "duration",
    "end_image_url",
    "end_user_id",
    "generate_audio",
    "image_url",
    "prompt",
    "resolution",
    "seed",
  ]);
  assert.ok(!(body.image_url ?? "").startsWith("data:"), "never a data: URL");
  assert.ok(fal.files.get(body.image_url ?? "")?.bytes?.equals((await loadImage(first.id)).bytes));
  assert.ok(
    fal.files.get(body.end_image_url ?? "")?.bytes?.equals((await loadImage(last.id)).bytes),
  );
  assert.ok((body.prompt ?? "").length > 0, "fal requires a prompt, so a neutral one is sent");
  assert.equal(body.aspect_ratio, "auto", "the image endpoint takes auto too");
  const { result } = await pollUntilSettled(provider, taskId);
  assert.equal(result.state, "succeeded");

  // The fal fake's text endpoint refuses image fields, and image endpoints refuse data: URLs.
  const post = (path: string, input: object) =>
    fetch(`${fal.url}${path}`, {
      method: "POST",
      headers: { authorization: `Key ${fal.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(input),
    });
  const text = await post("/bytedance/seedance-2.0/text-to-video", {
    prompt: "x",
    duration: "5",
    image_url: body.image_url,
  });
  assert.equal(text.status, 422);
  const png = `data:image/png;base64,${(await loadImage(first.id)).bytes.toString("base64")}`;
  const inline = await post("/bytedance/seedance-2.0/image-to-video", {
    prompt: "x",
    image_url: png,
  });
  assert.equal(inline.status, 422);

  // An endpoint with no known image twin fails over rather than sending images to a text model.
  const odd = createFalProvider({
    queueBaseUrl: fal.url,
    restBaseUrl: fal.url,
    apiKey: fal.apiKey,
    endpoints: { ...endpoints, "alpha-2.0": "someone/other-model" },
    requestTimeoutMs: 2000,
    loadImage,
  });
  await rejectsWithFailure(odd.submit(spec(), ATTEMPT), "unsupported_input", true, fal.apiKey);
});

test("an unreadable frame image fails the attempt retryably on every upstream", async () => {
  const missing = spec({
    images: { first: { ...first, id: `upl_${"0".repeat(64)}` }, last: null },
  });
  const provider = arkProvider();
  await rejectsWithFailure(
    provider.submit(missing, arkAttempt()),
    "image_unavailable",
    true,
    ark.apiKey,
  );
  const local = createLocalProvider({ workDir, minLatencyMs: 0, faultRate: 0, loadImage });
  await rejectsWithFailure(
    local.submit(missing, arkAttempt()),
    "image_unavailable",
    true,
    "no key",
  );
});

for (const [name, over, expected] of [
  [
    "a panning clip of the picture with audio",
    (): Partial<GenerationSpec> => ({
      generateAudio: true,
      durationSeconds: 4,
      resolution: "480p",
      ratio: "4:3",
    }),
    { width: 640, height: 480, duration: 4, audio: true },
  ],
  [
    "a fixed-camera 16:9 clip that moves to the last frame",
    (): Partial<GenerationSpec> => ({
      images: { first, last },
      ratio: "16:9",
      resolution: "720p",
      durationSeconds: 5,
      cameraFixed: true,
    }),
    { width: 1280, height: 720, duration: 5, audio: false },
  ],
] as const) {
  test(`the local renderer makes ${name} at the exact size, duration and fps`, {
    timeout: 60_000,
  }, async () => {
    const provider = createLocalProvider({ workDir, minLatencyMs: 0, faultRate: 0, loadImage });
    const { taskId } = await provider.submit(spec(over()), arkAttempt());
    const { result } = await pollUntilSettled(provider, taskId);
    assert.equal(result.state, "succeeded", JSON.stringify(result));
    if (result.state !== "succeeded") return;
    const file = fileURLToPath(result.videoUrl);
    const info = await probe(file);
    assert.equal(info.width, expected.width);
    assert.equal(info.height, expected.height);
    assert.ok(Math.abs(info.duration - expected.duration) < 0.1, `duration ${info.duration}`);
    assert.equal(info.fps, 24);
    assert.equal(info.hasAudio, expected.audio);
    // The clip is the picture: red at the start; with a last frame, blue at the end.
    const [r0, , b0] = await frameColour(file, 0.1);
    assert.ok(r0 > 150 && b0 < 90, `first frame ${r0},${b0}`);
    const [r1, , b1] = await frameColour(file, expected.duration - 0.1);
    if (over().images?.last) assert.ok(b1 > 150 && r1 < 90, `last frame ${r1},${b1}`);
    else assert.ok(r1 > 150 && b1 < 90, `end ${r1},${b1}`);
  });
}
