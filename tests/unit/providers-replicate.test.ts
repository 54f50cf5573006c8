import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { after, before, beforeEach, test } from "node:test";
import type { FrameImage, GenerationSpec } from "@/lib/catalog";
import {
  cancelAfter,
  createReplicateProvider,
  type ReplicateConfig,
} from "@/lib/jobs/providers/replicate-provider";
import { type AttemptContext, type ImageLoader, ProviderFailure } from "@/lib/jobs/providers/types";
import { parseEnv } from "@/lib/platform/env";
import { pollUntilSettled, rejectsWithFailure } from "../fakes/fake-server";
import { dataUrlBytes } from "../fakes/image-input";
import { type ReplicateFake, startReplicateFake } from "../fakes/replicate-fake";
import { syntheticImage } from "../helpers/images";

const SPEC: GenerationSpec = {
  model: "alpha-2.0",
  prompt: "A lighthouse in a storm, waves crashing",
  durationSeconds: 5,
  resolution: "720p",
  ratio: "16:9",
  seed: 7,
  generateAudio: true,
  cameraFixed: true,
};
const MODELS = {
  "alpha-2.0": "bytedance/seedance-2.0",
  "alpha-2.0-fast": "bytedance/seedance-2.0-fast",
};

let attempts = 0;
const attempt = (over: Partial<AttemptContext> = {}): AttemptContext => {
  const attemptId = `att_${++attempts}`;
  return {
    attemptId,
    startedAt: new Date(),
    endUser: "p-0123456789abcdef0123456789abcdef",
    callbackUrl: `https://video.example.com/api/upstream/replicate/${attemptId}/token`,
    executionLimitSeconds: 900,
    ...over,
  };
};

const images = new Map<string, { bytes: Buffer; mime: string }>();
const loadImage: ImageLoader = async (id) => {
  const image = images.get(id);
  if (!image) throw new Error("no such image");
  return image;
};
function store(bytes: Buffer, mime: string): FrameImage {
  const id = `upl_${createHash("sha256").update(bytes).digest("hex")}`;
  images.set(id, { bytes, mime });
  return { id, mime, width: 320, height: 180 };
}

let fake: ReplicateFake;
let small: FrameImage;
let smallLast: FrameImage;
let large: FrameImage;
before(async () => {
  fake = await startReplicateFake({ pollsBeforeDone: 2 });
  small = store(await syntheticImage("testsrc2", 640, 360), "image/png");
  smallLast = store(await syntheticImage("smptebars", 640, 360), "image/png");
  // A real PNG header followed by noise: over 256 kB, so it must go through the files API.
  const png = await syntheticImage("testsrc2", 320, 320);
  large = store(Buffer.concat([png, randomBytes(300 * 1024)]), "image/png");
});
after(() => fake.close());
beforeEach(() => {
  fake.faults.clear();
  fake.requests.length = 0;
  fake.deliveries.length = 0;
});

const replicate = (over: Partial<ReplicateConfig> = {}, on: ReplicateFake = fake) =>
  createReplicateProvider({
    baseUrl: on.url,
    apiKey: on.apiKey,
    models: MODELS,
    requestTimeoutMs: 1000,
    loadImage,
    ...over,
  });

const rejectsWith = (promise: Promise<unknown>, code: string, retryable: boolean) =>
  rejectsWithFailure(promise, code, retryable, fake.apiKey);

async function failureOf(promise: Promise<unknown>): Promise<ProviderFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ProviderFailure, `not a ProviderFailure: ${String(error)}`);
    return error;
  }
  assert.fail("expected a ProviderFailure");
}

/** The model input of the latest create the fake received. */
const lastInput = () =>
  ((posts().at(-1)?.body ?? {}) as { input?: Record<string, unknown> }).input ?? {};

const posts = () =>
  fake.requests.filter((r) => r.method === "POST" && r.path.endsWith("/predictions"));

test("text to video: the official model's predictions route, its input schema, a real MP4 back", async () => {
  const provider = replicate();
  assert.equal(provider.honoursCameraFixed, false);
  const ctx = attempt();
  const { taskId } = await provider.submit(SPEC, ctx);
  assert.match(taskId, /^[a-z0-9]+$/);
  const [post] = posts();
  assert.equal(post?.path, "/v1/models/bytedance/seedance-2.0/predictions");
  assert.equal(post?.headers.authorization, `Bearer ${fake.apiKey}`);
  assert.equal(post?.headers["cancel-after"], "15m");
  assert.equal(post?.headers.prefer, undefined, "never waits synchronously");
  // camera_fixed is not in the model's schema, and no payer identifier exists to send.
  assert.deepEqual(post?.body, {
    input: {
      prompt: SPEC.prompt,
      duration: 5,
      resolution: "720p",
      aspect_ratio: "16:9",
      generate_audio: true,
      seed: 7,
    },
    webhook: ctx.callbackUrl,
    webhook_events_filter: ["completed"],
  });
  assert.ok(fake.predictions.get(taskId)?.deadline, "the fake recorded the deadline");

  // A fresh instance (as after a restart) resumes from the prediction id alone.
  const { result, polls } = await pollUntilSettled(replicate(), taskId);
  assert.equal(polls, 3);
  assert.equal(result.state, "succeeded");
  if (result.state !== "succeeded") return;
  assert.equal(result.seed, 7);
  const download = await replicate().download(taskId, result.videoUrl);
  assert.equal(download.contentType, "video/mp4");
  assert.ok((await buffer(download.body)).equals(fake.video));
  assert.equal(fake.requests.at(-1)?.headers.authorization, undefined, "no token to the CDN");
});

test("without a public origin no webhook is asked for; a null or -1 seed lets the model pick", async () => {
  for (const seed of [null, -1]) {
    const { taskId } = await replicate().submit(
      { ...SPEC, seed, generateAudio: false },
      attempt({ callbackUrl: null }),
    );
    const body = posts().at(-1)?.body as Record<string, Record<string, unknown>>;
    assert.equal("webhook" in body, false);
    assert.equal("webhook_events_filter" in body, false);
    assert.equal("seed" in (body.input ?? {}), false);
    assert.equal(body.input?.generate_audio, false);
    const { result } = await pollUntilSettled(replicate(), taskId);
    assert.equal(result.state === "succeeded" && result.seed, null);
  }
  assert.equal(fake.deliveries.length, 0);
});

test("the execution limit becomes Cancel-After in whole minutes, rounded up", () => {
  assert.equal(cancelAfter(900), "15m");
  assert.equal(cancelAfter(901), "16m");
  assert.equal(cancelAfter(10), "1m");
});

test("image to video: small frames inline as data URLs, adaptive ratio, no empty prompt", async () => {
  const spec: GenerationSpec = {
    ...SPEC,
    prompt: "",
    ratio: "adaptive",
    images: { first: small, last: smallLast },
  };
  const { taskId } = await replicate().submit(spec, attempt());
  const input = lastInput();
  assert.equal("prompt" in input, false);
  assert.equal(input.aspect_ratio, "adaptive");
  assert.ok(
    dataUrlBytes(String(input.image)).equals(images.get(small.id)?.bytes ?? Buffer.alloc(0)),
  );
  assert.ok(
    dataUrlBytes(String(input.last_frame_image)).equals(
      images.get(smallLast.id)?.bytes ?? Buffer.alloc(0),
    ),
  );
  assert.equal(fake.requests.filter((r) => r.path === "/v1/files").length, 0);
  const { result } = await pollUntilSettled(replicate(), taskId);
  assert.equal(result.state, "succeeded");
});

test("image to video: a frame over 256 kB goes up through the files API and is passed by URL", async () => {
  const { taskId } = await replicate().submit(
    { ...SPEC, images: { first: large, last: null } },
    attempt(),
  );
  const uploads = fake.requests.filter((r) => r.path === "/v1/files");
  assert.equal(uploads.length, 1);
  assert.match(uploads[0]?.headers["content-type"] ?? "", /^multipart\/form-data; boundary=/);
  const input = lastInput();
  assert.match(String(input.image), new RegExp(`^${fake.url}/v1/files/`));
  assert.equal("last_frame_image" in input, false);
  const [file] = [...fake.files.values()];
  assert.equal(file?.contentType, "image/png");
  const { result } = await pollUntilSettled(replicate(), taskId);
  assert.equal(result.state, "succeeded");
});

test("the fake enforces the model's schema: unknown inputs are refused as Replicate refuses them", async () => {
  const res = await fetch(`${fake.url}/v1/models/bytedance/seedance-2.0/predictions`, {
    method: "POST",
    headers: { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ input: { prompt: "x", camera_fixed: true } }),
  });
  assert.equal(res.status, 422);
  const body = (await res.json()) as { invalid_fields: { type: string }[] };
  assert.equal(body.invalid_fields[0]?.type, "additional_property_not_allowed");
});

test("a 422 is this upstream's input rule: fault request, so another provider may take the job", async () => {
  // Pointing alpha at the fast model makes its 1080p a schema violation on Replicate's side.
  const provider = replicate({ models: { ...MODELS, "alpha-2.0": MODELS["alpha-2.0-fast"] } });
  const failure = await failureOf(provider.submit({ ...SPEC, resolution: "1080p" }, attempt()));
  assert.equal(failure.detail.code, "upstream_rejected");
  assert.equal(failure.detail.fault, "request");
  assert.equal(failure.detail.outcomeUnknown, undefined);
});

test("alpha-2.0-fast at 1080p is refused before anything is sent", async () => {
  await rejectsWith(
    replicate().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "1080p" }, attempt()),
    "unsupported_resolution",
    false,
  );
  assert.equal(fake.requests.length, 0);
});

test("key, billing, permission and unknown model are the account's fault", async () => {
  const cases: [Partial<ReplicateConfig>, ...("submit_402" | "submit_403")[]][] = [
    [{ apiKey: "r8_wrong" }],
    [{}, "submit_402"],
    [{}, "submit_403"],
    [{ models: { ...MODELS, "alpha-2.0": "bytedance/no-such-model" } }],
  ];
  for (const [over, ...faults] of cases) {
    fake.faults.enqueue(...faults);
    const failure = await failureOf(replicate(over).submit(SPEC, attempt()));
    assert.equal(failure.detail.code, "upstream_account");
    assert.equal(failure.detail.fault, "account");
    assert.ok(!failure.detail.message.includes(fake.apiKey));
  }
});

test("429 carries Retry-After and a busy upstream is asked once, not hammered by client retries", async () => {
  fake.faults.enqueue("submit_429");
  const failure = await failureOf(replicate().submit(SPEC, attempt()));
  assert.equal(failure.detail.code, "upstream_busy");
  assert.equal(failure.detail.retryAfterMs, 7000);
  assert.equal(posts().length, 1);

  fake.faults.enqueue("submit_500");
  await rejectsWith(replicate().submit(SPEC, attempt()), "upstream_error", true);
  assert.equal(posts().length, 2);
});

test("a create whose answer is lost is an unknown outcome, and is sent once; one that never connected is not", async () => {
  fake.faults.enqueue("submit_hang");
  const hung = await failureOf(replicate({ requestTimeoutMs: 200 }).submit(SPEC, attempt()));
  assert.equal(hung.detail.code, "upstream_timeout");
  assert.equal(hung.detail.outcomeUnknown, true);
  assert.equal(posts().length, 1);

  const down = await failureOf(
    replicate({ baseUrl: "http://127.0.0.1:1" }).submit(SPEC, attempt()),
  );
  assert.equal(down.detail.code, "upstream_unreachable");
  // The connection never opened: nothing reached Replicate, so nothing needs looking up.
  assert.equal(down.detail.outcomeUnknown, undefined);
});

test("findSubmitted finds a lost create by its webhook URL, across pages", async () => {
  const paged = await startReplicateFake({ pageSize: 1 });
  try {
    const provider = replicate({}, paged);
    const lost = attempt();
    paged.faults.enqueue("submit_lost");
    const failure = await failureOf(replicate({ requestTimeoutMs: 200 }, paged).submit(SPEC, lost));
    assert.equal(failure.detail.outcomeUnknown, true);
    // Newer predictions of other attempts come first in the list.
    await provider.submit(SPEC, attempt());
    await provider.submit(SPEC, attempt());
    const [created] = [...paged.predictions.values()].filter((p) => p.webhook === lost.callbackUrl);
    assert.deepEqual(await provider.findSubmitted(lost), { taskId: created?.id });
    const lookups = paged.requests.filter((r) => r.path.startsWith("/v1/predictions?"));
    assert.equal(lookups.length, 3);
    assert.ok(lookups.every((r) => r.path.includes("created_after=")));

    // An attempt whose create never reached Replicate: the list proves there is none.
    assert.equal(await provider.findSubmitted(attempt()), null);
  } finally {
    await paged.close();
  }
});

test("findSubmitted throws when it cannot tell", async () => {
  await rejectsWith(
    replicate().findSubmitted(attempt({ callbackUrl: null })),
    "upstream_lookup_failed",
    true,
  );
  const bare = await startReplicateFake({ listOmitsWebhook: true });
  const hostile = await startReplicateFake({ pageSize: 1, listNextOrigin: "http://127.0.0.2:9" });
  try {
    await replicate({}, bare).submit(SPEC, attempt());
    await rejectsWith(replicate({}, bare).findSubmitted(attempt()), "upstream_lookup_failed", true);

    await replicate({}, hostile).submit(SPEC, attempt());
    await replicate({}, hostile).submit(SPEC, attempt());
    await rejectsWith(
      replicate({}, hostile).findSubmitted(attempt()),
      "upstream_lookup_failed",
      true,
    );
  } finally {
    await bare.close();
    await hostile.close();
  }
  await rejectsWith(
    replicate({ baseUrl: "http://127.0.0.1:1" }).findSubmitted(attempt()),
    "upstream_lookup_failed",
    true,
  );
});

test("failed predictions fail retryably; flagged ones are a moderation refusal", async () => {
  fake.faults.enqueue("task_failed", "moderation");
  const failed = await pollUntilSettled(
    replicate(),
    (await replicate().submit(SPEC, attempt())).taskId,
  );
  assert.deepEqual(failed.result, {
    state: "failed",
    error: {
      code: "upstream_failed",
      message: "The upstream failed to produce a video.",
      retryable: true,
    },
  });
  const flagged = await pollUntilSettled(
    replicate(),
    (await replicate().submit(SPEC, attempt())).taskId,
  );
  assert.equal(
    flagged.result.state === "failed" && flagged.result.error.code,
    "content_rejected_upstream",
  );
  assert.equal(flagged.result.state === "failed" && flagged.result.error.retryable, false);
});

test("cancel is stopped only when Replicate confirms", async () => {
  const { taskId } = await replicate().submit(SPEC, attempt());
  assert.equal(await replicate().cancel(taskId), "stopped");
  assert.equal(fake.predictions.get(taskId)?.status, "canceled");
  const { result } = await pollUntilSettled(replicate(), taskId);
  assert.equal(result.state === "failed" && result.error.code, "upstream_failed");

  fake.faults.enqueue("cancel_pending");
  const pending = await replicate().submit(SPEC, attempt());
  assert.equal(await replicate().cancel(pending.taskId), "running");

  const done = await replicate().submit(SPEC, attempt());
  await pollUntilSettled(replicate(), done.taskId);
  assert.equal(await replicate().cancel(done.taskId), "stopped", "it had already ended");

  assert.equal(await replicate().cancel("doesnotexist"), "running");
  const before = fake.requests.length;
  assert.equal(await replicate().cancel("../account"), "running");
  assert.equal(fake.requests.length, before, "a malformed id never reaches a URL");
  assert.equal(await replicate({ baseUrl: "http://127.0.0.1:1" }).cancel(taskId), "running");
});

test("an unknown or malformed prediction is reported lost, so the job can fail over", async () => {
  for (const id of ["doesnotexist", "../v1/account"]) {
    const result = await replicate().poll(id);
    assert.equal(result.state === "failed" && result.error.code, "upstream_task_lost");
  }
});

async function deliveredWebhook() {
  const { taskId } = await replicate().submit(SPEC, attempt());
  await pollUntilSettled(replicate(), taskId);
  const delivery = fake.deliveries.at(-1);
  assert.ok(delivery, "the fake sent the completed webhook");
  return { taskId, delivery };
}

test("webhooks: a signed delivery names its prediction; the secret is read once and cached", async () => {
  const provider = replicate();
  const { taskId, delivery } = await deliveredWebhook();
  assert.deepEqual(await provider.readCallback?.(delivery), { taskId });
  assert.deepEqual(await provider.readCallback?.(delivery), { taskId });
  const secretReads = fake.requests.filter((r) => r.path === "/v1/webhooks/default/secret");
  assert.equal(secretReads.length, 1);

  // A configured secret is used as is, without asking the API.
  const before = fake.requests.length;
  const configured = replicate({ webhookSecret: fake.webhookSecret });
  assert.deepEqual(await configured.readCallback?.(delivery), { taskId });
  assert.equal(fake.requests.length, before);
});

test("webhooks: tampered, stale, missing or foreign signatures are refused", async () => {
  const provider = replicate({ webhookSecret: fake.webhookSecret });
  const { delivery } = await deliveredWebhook();
  const tampered = delivery.body.replace(/"status":"succeeded"/, '"status":"failed"');
  assert.notEqual(tampered, delivery.body);
  assert.equal(await provider.readCallback?.({ ...delivery, body: tampered }), null);

  // A stale delivery, even correctly signed, is a replay.
  const id = delivery.headers.get("webhook-id") ?? "";
  const stale = Math.floor(Date.now() / 1000) - 10 * 60;
  const staleHeaders = new Headers({
    "webhook-id": id,
    "webhook-timestamp": String(stale),
    "webhook-signature": fake.sign(id, stale, delivery.body),
  });
  assert.equal(await provider.readCallback?.({ headers: staleHeaders, body: delivery.body }), null);

  const unsigned = new Headers(delivery.headers);
  unsigned.delete("webhook-signature");
  assert.equal(await provider.readCallback?.({ headers: unsigned, body: delivery.body }), null);

  const foreign = `whsec_${randomBytes(32).toString("base64")}`;
  const now = Math.floor(Date.now() / 1000);
  const forged = new Headers({
    "webhook-id": id,
    "webhook-timestamp": String(now),
    "webhook-signature": fake.sign(id, now, delivery.body, foreign),
  });
  assert.equal(await provider.readCallback?.({ headers: forged, body: delivery.body }), null);
});

test("broken videos surface as retryable broken_video", async () => {
  fake.faults.enqueue("video_html", "video_short");
  const urls: string[] = [];
  for (let i = 0; i < 2; i++) {
    const { taskId } = await replicate().submit(SPEC, attempt());
    const { result } = await pollUntilSettled(replicate(), taskId);
    if (result.state === "succeeded") urls.push(result.videoUrl);
  }
  const [html, short] = urls as [string, string];
  await rejectsWith(replicate().download("t", html), "broken_video", true);
  const download = await replicate().download("t", short);
  await rejectsWith(buffer(download.body), "broken_video", true);
});

test("configuration: Replicate needs its token when listed; the defaults are the official models", () => {
  assert.throws(() => parseEnv({ PROVIDERS: "replicate" }), /REPLICATE_API_TOKEN is required/);
  const env = parseEnv({ PROVIDERS: "local,replicate", REPLICATE_API_TOKEN: "r8_x" });
  assert.deepEqual(env.providers.order, ["local", "replicate"]);
  assert.deepEqual(env.providers.replicate.models, MODELS);
  assert.equal(env.providers.replicate.baseUrl, "https://api.replicate.com");
  assert.equal(env.providers.replicate.webhookSecret, undefined);
  assert.throws(
    () => parseEnv({ REPLICATE_MODEL_ALPHA: "bytedance/seedance-2.0:abc" }),
    /REPLICATE_MODEL_ALPHA/,
  );
  assert.throws(
    () => parseEnv({ REPLICATE_WEBHOOK_SECRET: "not-a-secret" }),
    /REPLICATE_WEBHOOK_SECRET/,
  );
});
