import assert from "node:assert/strict";
import { buffer } from "node:stream/consumers";
import { after, before, beforeEach, test } from "node:test";
import { createFalProvider, type FalConfig } from "@/lib/jobs/providers/fal-provider";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { type FalFake, startFalFake } from "../fakes/fal-fake";
import { pollUntilSettled, rejectsWithFailure } from "../fakes/fake-server";

const SPEC: GenerationSpec = {
  model: "alpha-2.0",
  prompt: "A paper boat drifting down a rainy street",
  durationSeconds: 5,
  resolution: "720p",
  ratio: "16:9",
  seed: 1234,
  generateAudio: true,
  cameraFixed: true,
};
const ENDPOINTS = {
  "alpha-2.0": "fal-ai/bytedance/seedance/v2/text-to-video",
  "alpha-2.0-fast": "fal-ai/bytedance/seedance/v2/fast/text-to-video",
};

let fake: FalFake;
before(async () => {
  fake = await startFalFake({ pollsBeforeDone: 2 });
});
after(() => fake.close());
beforeEach(() => {
  fake.faults.clear();
  fake.requests.length = 0;
});

const fal = (over: Partial<FalConfig> = {}) =>
  createFalProvider({
    queueBaseUrl: fake.url,
    apiKey: fake.apiKey,
    endpoints: ENDPOINTS,
    requestTimeoutMs: 400,
    ...over,
  });

const rejectsWith = (promise: Promise<unknown>, code: string, retryable: boolean) =>
  rejectsWithFailure(promise, code, retryable, fake.apiKey);

async function settled(spec: GenerationSpec = SPEC) {
  const { taskId } = await fal().submit(spec);
  return { taskId, ...(await pollUntilSettled(fal(), taskId)) };
}

test("happy path: queue, poll, fetch the result, download a real MP4", async () => {
  const { taskId } = await fal().submit(SPEC);
  const [post] = fake.requests;
  assert.equal(post?.method, "POST");
  assert.equal(post?.path, "/fal-ai/bytedance/seedance/v2/text-to-video");
  assert.equal(post?.headers.authorization, `Key ${fake.apiKey}`);
  // No seed and no camera_fixed: fal takes neither. Duration is a string.
  assert.deepEqual(post?.body, {
    prompt: SPEC.prompt,
    aspect_ratio: "16:9",
    resolution: "720p",
    duration: "5",
    generate_audio: true,
  });

  // A fresh instance (as after a restart) resumes from the task id alone.
  const { result, polls } = await pollUntilSettled(fal(), taskId);
  assert.equal(polls, 3);
  const [requestId] = [...fake.queue.keys()];
  // fal's status and result URLs keep only owner/app; the stored URLs are used as given.
  assert.ok(fake.requests.some((r) => r.path === `/fal-ai/bytedance/requests/${requestId}/status`));
  assert.ok(
    fake.requests.some(
      (r) =>
        r.path === `/fal-ai/bytedance/requests/${requestId}` &&
        r.headers.authorization === `Key ${fake.apiKey}`,
    ),
  );
  assert.equal(result.state, "succeeded");
  if (result.state !== "succeeded") return;
  assert.equal(result.seed, 987_654, "the seed fal reports is recorded");
  assert.equal(result.framesPerSecond, null);

  const download = await fal().download(taskId, result.videoUrl);
  assert.equal(download.contentType, "video/mp4");
  assert.equal(download.size, fake.video.length);
  assert.ok((await buffer(download.body)).equals(fake.video));
  assert.equal(
    fake.requests.at(-1)?.headers.authorization,
    undefined,
    "the key never goes to the file host",
  );
});

test("adaptive becomes 16:9, other ratios and durations pass through", async () => {
  await fal().submit({
    ...SPEC,
    ratio: "adaptive",
    durationSeconds: 12,
    generateAudio: false,
    model: "alpha-2.0-fast",
    resolution: "480p",
  });
  const post = fake.requests.at(-1);
  assert.equal(post?.path, "/fal-ai/bytedance/seedance/v2/fast/text-to-video");
  assert.deepEqual(post?.body, {
    prompt: SPEC.prompt,
    aspect_ratio: "16:9",
    resolution: "480p",
    duration: "12",
    generate_audio: false,
  });
  await fal().submit({ ...SPEC, ratio: "9:16" });
  assert.equal(
    (fake.requests.at(-1)?.body as { aspect_ratio?: string } | undefined)?.aspect_ratio,
    "9:16",
  );
});

test("no seed in the result is reported as null", async () => {
  const quiet = await startFalFake({ pollsBeforeDone: 0, reportedSeed: null });
  try {
    const provider = createFalProvider({
      queueBaseUrl: quiet.url,
      apiKey: quiet.apiKey,
      endpoints: ENDPOINTS,
      requestTimeoutMs: 400,
    });
    const { taskId } = await provider.submit(SPEC);
    const { result } = await pollUntilSettled(provider, taskId);
    assert.equal(result.state === "succeeded" && result.seed, null);
  } finally {
    await quiet.close();
  }
});

test("alpha-2.0-fast at 1080p is refused before anything is sent", async () => {
  await rejectsWith(
    fal().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "1080p" }),
    "unsupported_resolution",
    false,
  );
  assert.equal(fake.requests.length, 0);
});

test("submit faults map to codes; X-Fal-Retryable decides retryability", async () => {
  const cases = [
    ["submit_500", "upstream_error", true],
    ["submit_500_final", "upstream_error", false],
    ["submit_429", "upstream_busy", true],
    ["moderation", "content_rejected_upstream", false],
  ] as const;
  for (const [fault, code, retryable] of cases) {
    fake.faults.enqueue(fault);
    await rejectsWith(fal().submit(SPEC), code, retryable);
  }
  await rejectsWith(fal({ apiKey: "wrong" }).submit(SPEC), "upstream_auth", false);
});

test("a hung submit times out quickly and retryably; an unreachable host is retryable", async () => {
  fake.faults.enqueue("submit_hang");
  const started = Date.now();
  await rejectsWith(fal({ requestTimeoutMs: 200 }).submit(SPEC), "upstream_timeout", true);
  assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  await rejectsWith(
    fal({ queueBaseUrl: "http://127.0.0.1:1" }).submit(SPEC),
    "upstream_unreachable",
    true,
  );
});

test("failed results map through the result URL's status and retry header", async () => {
  fake.faults.enqueue("task_failed", "task_refused");
  const failed = await settled();
  assert.equal(failed.result.state === "failed" && failed.result.error.code, "upstream_error");
  assert.equal(failed.result.state === "failed" && failed.result.error.retryable, true);
  const refused = await settled();
  assert.equal(
    refused.result.state === "failed" && refused.result.error.code,
    "content_rejected_upstream",
  );
  assert.equal(refused.result.state === "failed" && refused.result.error.retryable, false);
});

test("a hung request keeps running; cancel PUTs the stored cancel URL", async () => {
  fake.faults.enqueue("task_hang");
  const { taskId } = await fal().submit(SPEC);
  for (let i = 0; i < 6; i++) assert.deepEqual(await fal().poll(taskId), { state: "running" });
  await fal().cancel(taskId);
  const put = fake.requests.at(-1);
  assert.equal(put?.method, "PUT");
  assert.match(put?.path ?? "", /^\/fal-ai\/bytedance\/requests\/[^/]+\/cancel$/);
  assert.equal(put?.headers.authorization, `Key ${fake.apiKey}`);
});

test("unknown, garbled or foreign task ids are lost, and the key never leaves the queue host", async () => {
  const lost = {
    state: "failed",
    error: {
      code: "upstream_task_lost",
      message: "The upstream no longer knows this task.",
      retryable: true,
    },
  };
  assert.deepEqual(await fal().poll("not-a-fal-task"), lost);
  const foreign = {
    request_id: "x",
    status_url: "http://evil.example/s",
    response_url: "http://evil.example/r",
    cancel_url: "http://evil.example/c",
  };
  assert.deepEqual(
    await fal().poll(`fal.${Buffer.from(JSON.stringify(foreign)).toString("base64url")}`),
    lost,
  );
  const gone = {
    request_id: "x",
    status_url: `${fake.url}/fal-ai/bytedance/requests/x/status`,
    response_url: `${fake.url}/fal-ai/bytedance/requests/x`,
    cancel_url: `${fake.url}/fal-ai/bytedance/requests/x/cancel`,
  };
  assert.deepEqual(
    await fal().poll(`fal.${Buffer.from(JSON.stringify(gone)).toString("base64url")}`),
    lost,
  );
  assert.equal(fake.requests.length, 1, "only the request to the configured host was made");
});

test("broken videos surface as retryable broken_video", async () => {
  fake.faults.enqueue("video_html", "video_truncated", "video_short");
  const urls: string[] = [];
  for (let i = 0; i < 3; i++) {
    const { result } = await settled();
    if (result.state === "succeeded") urls.push(result.videoUrl);
  }
  assert.equal(urls.length, 3);
  const [html, truncated, short] = urls as [string, string, string];
  await rejectsWith(fal().download("t", html), "broken_video", true);
  for (const url of [truncated, short])
    await rejectsWith(
      fal()
        .download("t", url)
        .then((d) => buffer(d.body)),
      "broken_video",
      true,
    );
});
