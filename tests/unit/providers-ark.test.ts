import assert from "node:assert/strict";
import { buffer } from "node:stream/consumers";
import { after, before, beforeEach, test } from "node:test";
import { type ArkConfig, createArkProvider } from "@/lib/jobs/providers/ark-provider";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import { pollUntilSettled, rejectsWithFailure } from "../fakes/fake-server";

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
const MODELS = { "alpha-2.0": "seedance-2-0-260128", "alpha-2.0-fast": "seedance-2-0-fast-260128" };

let fake: ArkFake;
before(async () => {
  fake = await startArkFake({ pollsBeforeDone: 2 });
});
after(() => fake.close());
beforeEach(() => {
  fake.faults.clear();
  fake.requests.length = 0;
});

const ark = (over: Partial<ArkConfig> = {}) =>
  createArkProvider({
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    models: MODELS,
    requestTimeoutMs: 400,
    ...over,
  });

const rejectsWith = (promise: Promise<unknown>, code: string, retryable: boolean) =>
  rejectsWithFailure(promise, code, retryable, fake.apiKey);

test("happy path: submit, poll until done, download a real MP4", async () => {
  const { taskId } = await ark().submit(SPEC);
  assert.match(taskId, /^cgt-/);
  const [post] = fake.requests;
  assert.equal(post?.method, "POST");
  assert.equal(post?.path, "/api/v3/contents/generations/tasks");
  assert.equal(post?.headers.authorization, `Bearer ${fake.apiKey}`);
  assert.equal(post?.headers["content-type"], "application/json");
  // camera_fixed is dropped: Seedance 2.0 rejects it.
  assert.deepEqual(post?.body, {
    model: "seedance-2-0-260128",
    content: [{ type: "text", text: SPEC.prompt }],
    resolution: "720p",
    ratio: "16:9",
    duration: 5,
    seed: 7,
    generate_audio: true,
    watermark: false,
  });

  // A fresh instance (as after a restart) resumes from the task id alone.
  const { result, polls } = await pollUntilSettled(ark(), taskId);
  assert.equal(polls, 3);
  assert.equal(result.state, "succeeded");
  if (result.state !== "succeeded") return;
  assert.equal(result.seed, 7);
  assert.equal(result.framesPerSecond, 24);

  const download = await ark().download(taskId, result.videoUrl);
  assert.equal(download.contentType, "video/mp4");
  assert.equal(download.size, fake.video.length);
  const bytes = await buffer(download.body);
  assert.ok(bytes.equals(fake.video));
  assert.equal(bytes.toString("latin1", 4, 8), "ftyp");
  const fileRequest = fake.requests.at(-1);
  assert.equal(
    fileRequest?.headers.authorization,
    undefined,
    "the key never goes to the video host",
  );
});

test("a null or -1 seed is omitted and the upstream's seed is reported", async () => {
  for (const seed of [null, -1]) {
    const { taskId } = await ark().submit({
      ...SPEC,
      seed,
      cameraFixed: null,
      generateAudio: false,
    });
    const body = fake.requests.at(-1)?.body as Record<string, unknown>;
    assert.equal("seed" in body, false);
    assert.equal(body.generate_audio, false);
    const { result } = await pollUntilSettled(ark(), taskId);
    assert.equal(result.state === "succeeded" && result.seed, fake.tasks.get(taskId)?.seed);
  }
});

test("alpha-2.0-fast at 1080p is refused before anything is sent", async () => {
  await rejectsWith(
    ark().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "1080p" }),
    "unsupported_resolution",
    false,
  );
  assert.equal(fake.requests.length, 0);
  await ark().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "720p" });
  assert.equal(
    (fake.requests.at(-1)?.body as { model?: string } | undefined)?.model,
    "seedance-2-0-fast-260128",
  );
});

test("submit faults map to the right codes and retryability", async () => {
  const cases = [
    ["submit_500", "upstream_error", true],
    ["submit_429", "upstream_busy", true],
    ["moderation", "content_rejected_upstream", false],
  ] as const;
  for (const [fault, code, retryable] of cases) {
    fake.faults.enqueue(fault);
    await rejectsWith(ark().submit(SPEC), code, retryable);
  }
  await rejectsWith(ark({ apiKey: "wrong-key" }).submit(SPEC), "upstream_auth", false);
});

test("a hung submit times out quickly and retryably", async () => {
  fake.faults.enqueue("submit_hang");
  const started = Date.now();
  await rejectsWith(ark({ requestTimeoutMs: 200 }).submit(SPEC), "upstream_timeout", true);
  assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
});

test("an unreachable upstream is retryable", async () => {
  await rejectsWith(
    ark({ baseUrl: "http://127.0.0.1:1" }).submit(SPEC),
    "upstream_unreachable",
    true,
  );
});

test("tasks that end failed map to retryable failures, output moderation to a refusal", async () => {
  fake.faults.enqueue("task_failed", "output_moderation");
  const failed = await pollUntilSettled(ark(), (await ark().submit(SPEC)).taskId);
  assert.deepEqual(failed.result, {
    state: "failed",
    error: {
      code: "upstream_failed",
      message: "The upstream failed to produce a video.",
      retryable: true,
    },
  });
  const refused = await pollUntilSettled(ark(), (await ark().submit(SPEC)).taskId);
  assert.equal(
    refused.result.state === "failed" && refused.result.error.code,
    "content_rejected_upstream",
  );
  assert.equal(refused.result.state === "failed" && refused.result.error.retryable, false);
});

test("a hung task keeps running; cancel deletes queued tasks and tolerates refusals", async () => {
  fake.faults.enqueue("task_hang");
  const hung = await ark().submit(SPEC);
  for (let i = 0; i < 6; i++) assert.deepEqual(await ark().poll(hung.taskId), { state: "running" });
  await ark().cancel(hung.taskId); // running: Ark answers 409, which cancel swallows
  assert.equal(fake.requests.at(-1)?.method, "DELETE");

  const queued = await ark().submit(SPEC);
  await ark().cancel(queued.taskId);
  assert.equal(fake.tasks.get(queued.taskId)?.status, "cancelled");
  const { result } = await pollUntilSettled(ark(), queued.taskId);
  assert.equal(result.state === "failed" && result.error.code, "upstream_failed");
});

test("an unknown task is reported lost, so the job can fail over", async () => {
  assert.deepEqual(await ark().poll("cgt-does-not-exist"), {
    state: "failed",
    error: {
      code: "upstream_task_lost",
      message: "The upstream no longer knows this task.",
      retryable: true,
    },
  });
});

test("broken videos surface as retryable broken_video", async () => {
  fake.faults.enqueue("video_html", "video_truncated", "video_short");
  const urls: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { taskId } = await ark().submit(SPEC);
    const { result } = await pollUntilSettled(ark(), taskId);
    assert.equal(result.state, "succeeded");
    if (result.state === "succeeded") urls.push(result.videoUrl);
  }
  const [html, truncated, short] = urls as [string, string, string];
  await rejectsWith(ark().download("t", html), "broken_video", true);
  // These start like an MP4, so they fail while streaming, before the stream ends cleanly.
  for (const url of [truncated, short]) {
    const download = await ark().download("t", url);
    await rejectsWith(buffer(download.body), "broken_video", true);
  }
});

test("a download that stalls mid-stream times out retryably", async () => {
  fake.faults.enqueue("video_stall");
  const { taskId } = await ark().submit(SPEC);
  const { result } = await pollUntilSettled(ark(), taskId);
  assert.equal(result.state, "succeeded");
  if (result.state !== "succeeded") return;
  const started = Date.now();
  const download = await ark({ requestTimeoutMs: 200 }).download(taskId, result.videoUrl);
  await rejectsWith(buffer(download.body), "upstream_timeout", true);
  assert.ok(Date.now() - started < 1500);
});
