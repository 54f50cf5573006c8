import assert from "node:assert/strict";
import { generateKeyPairSync, sign } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { buffer } from "node:stream/consumers";
import { after, before, beforeEach, test } from "node:test";
import { createFalProvider, type FalConfig } from "@/lib/jobs/providers/fal-provider";
import { type AttemptContext, ProviderFailure } from "@/lib/jobs/providers/types";
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
  "alpha-2.0": "bytedance/seedance-2.0/text-to-video",
  "alpha-2.0-fast": "bytedance/seedance-2.0/fast/text-to-video",
};
const ATTEMPT: AttemptContext = {
  attemptId: "att_1",
  startedAt: new Date(),
  endUser: "p-0123456789abcdef0123456789abcdef",
  callbackUrl: null,
  executionLimitSeconds: 600,
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
    restBaseUrl: fake.url,
    jwksUrl: `${fake.url}/.well-known/jwks.json`,
    apiKey: fake.apiKey,
    endpoints: ENDPOINTS,
    requestTimeoutMs: 400,
    ...over,
  });

const rejectsWith = (promise: Promise<unknown>, code: string, retryable: boolean) =>
  rejectsWithFailure(promise, code, retryable, fake.apiKey);

/** The ProviderFailure a promise rejects with. */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => assert.fail("expected a ProviderFailure"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderFailure, String(error));
  assert.ok(!error.detail.message.includes(fake.apiKey));
  return error.detail;
}

const posts = () => fake.requests.filter((r) => r.method === "POST");
/** The input of the last submit fal received. */
const lastInput = () => (posts().at(-1)?.body ?? {}) as Record<string, unknown>;

async function settled(spec: GenerationSpec = SPEC) {
  const { taskId } = await fal().submit(spec, ATTEMPT);
  return { taskId, ...(await pollUntilSettled(fal(), taskId)) };
}

test("happy path through fal's client: queue, poll, result, download a real MP4", async () => {
  const { taskId } = await fal().submit(SPEC, ATTEMPT);
  const [post] = fake.requests;
  assert.equal(post?.method, "POST");
  assert.equal(
    new URL(post?.path ?? "", fake.url).pathname,
    "/bytedance/seedance-2.0/text-to-video",
  );
  assert.equal(post?.headers.authorization, `Key ${fake.apiKey}`);
  // Seedance 2.0's schema: duration as a string, the seed, the payer's hash; no camera_fixed.
  assert.deepEqual(post?.body, {
    prompt: SPEC.prompt,
    aspect_ratio: "16:9",
    resolution: "720p",
    duration: "5",
    generate_audio: true,
    seed: 1234,
    end_user_id: ATTEMPT.endUser,
  });
  assert.equal(new URL(post?.path ?? "", fake.url).searchParams.get("fal_webhook"), null);
  const [requestId] = [...fake.queue.keys()];
  assert.equal(taskId, requestId, "the task id is fal's request_id, as its webhooks name it");

  // A fresh instance (as after a restart) resumes from the task id alone.
  const { result, polls } = await pollUntilSettled(fal(), taskId);
  assert.equal(polls, 3);
  assert.ok(
    fake.requests.some(
      (r) =>
        new URL(r.path, fake.url).pathname ===
        `/bytedance/seedance-2.0/requests/${requestId}/status`,
    ),
  );
  assert.equal(result.state, "succeeded");
  if (result.state !== "succeeded") return;
  assert.equal(result.seed, 987_654, "the seed fal reports is recorded");

  const download = await fal().download(taskId, result.videoUrl);
  assert.equal(download.contentType, "video/mp4");
  assert.ok((await buffer(download.body)).equals(fake.video));
  assert.equal(fake.requests.at(-1)?.headers.authorization, undefined, "no key to the file host");
});

test("adaptive becomes fal's auto; fixed ratios and durations pass through", async () => {
  await fal().submit(
    {
      ...SPEC,
      ratio: "adaptive",
      durationSeconds: 12,
      model: "alpha-2.0-fast",
      resolution: "480p",
    },
    ATTEMPT,
  );
  const post = posts().at(-1);
  assert.equal(
    new URL(post?.path ?? "", fake.url).pathname,
    "/bytedance/seedance-2.0/fast/text-to-video",
  );
  assert.equal(lastInput().aspect_ratio, "auto");
  assert.equal(lastInput().duration, "12");
  await fal().submit({ ...SPEC, ratio: "9:16" }, ATTEMPT);
  assert.equal(lastInput().aspect_ratio, "9:16");
  // The fake holds fal's schema: `adaptive` is not one of its ratios.
  const res = await fetch(`${fake.url}/bytedance/seedance-2.0/text-to-video`, {
    method: "POST",
    headers: { authorization: `Key ${fake.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "x", aspect_ratio: "adaptive" }),
  });
  assert.equal(res.status, 422);
});

test("camera_fixed is never sent: fal's Seedance 2.0 input has no such field", async () => {
  assert.equal(fal().honoursCameraFixed, false);
  await fal().submit({ ...SPEC, cameraFixed: true }, ATTEMPT);
  assert.ok(!("camera_fixed" in lastInput()));
  const res = await fetch(`${fake.url}/bytedance/seedance-2.0/text-to-video`, {
    method: "POST",
    headers: { authorization: `Key ${fake.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "x", camera_fixed: true }),
  });
  assert.equal(res.status, 422);
});

test("the callback URL goes to fal as the webhook; none without one", async () => {
  const callbackUrl = "https://reel402.example/api/upstream/fal/att_1/tok";
  await fal().submit(SPEC, { ...ATTEMPT, callbackUrl });
  const url = new URL(posts().at(-1)?.path ?? "", fake.url);
  assert.equal(url.searchParams.get("fal_webhook"), callbackUrl);
  assert.equal(fake.queue.get([...fake.queue.keys()].at(-1) ?? "")?.webhookUrl, callbackUrl);
});

test("no seed in the result is reported as null; no seed in the spec is not sent", async () => {
  const quiet = await startFalFake({ pollsBeforeDone: 0, reportedSeed: null });
  try {
    const provider = createFalProvider({
      queueBaseUrl: quiet.url,
      apiKey: quiet.apiKey,
      endpoints: ENDPOINTS,
      requestTimeoutMs: 400,
    });
    const { taskId } = await provider.submit({ ...SPEC, seed: null }, ATTEMPT);
    assert.ok(!("seed" in ((quiet.requests[0]?.body ?? {}) as object)));
    const { result } = await pollUntilSettled(provider, taskId);
    assert.equal(result.state === "succeeded" && result.seed, null);
  } finally {
    await quiet.close();
  }
});

test("alpha-2.0-fast at 1080p is refused before anything is sent", async () => {
  await rejectsWith(
    fal().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "1080p" }, ATTEMPT),
    "unsupported_resolution",
    false,
  );
  assert.equal(fake.requests.length, 0);
});

test("account refusals (401, 403, unknown endpoint 404) mark the provider down", async () => {
  for (const failure of [
    await failureOf(fal({ apiKey: "wrong" }).submit(SPEC, ATTEMPT)),
    await (async () => {
      fake.faults.enqueue("account_locked");
      return failureOf(fal().submit(SPEC, ATTEMPT));
    })(),
    await failureOf(
      fal({
        endpoints: { ...ENDPOINTS, "alpha-2.0": "bytedance/no-such-model/text-to-video" },
      }).submit(SPEC, ATTEMPT),
    ),
  ]) {
    assert.equal(failure.code, "upstream_account");
    assert.equal(failure.fault, "account");
    assert.equal(failure.retryable, true);
  }
});

test("a 422 is this upstream refusing the input: fault request", async () => {
  const failure = await failureOf(fal().submit({ ...SPEC, durationSeconds: 20 }, ATTEMPT));
  assert.equal(failure.code, "upstream_rejected");
  assert.equal(failure.fault, "request");
});

test("429 carries Retry-After, and the client does not retry on its own", async () => {
  fake.faults.enqueue("submit_429", "submit_429");
  const failure = await failureOf(fal().submit(SPEC, ATTEMPT));
  assert.equal(failure.code, "upstream_busy");
  assert.equal(failure.retryable, true);
  assert.equal(failure.retryAfterMs, 7000);
  assert.equal(posts().length, 1, "exactly one submit reached fal");
});

test("submit faults map to codes; X-Fal-Retryable decides retryability", async () => {
  const cases = [
    ["submit_500", "upstream_error", true],
    ["submit_500_final", "upstream_error", false],
    ["moderation", "content_rejected_upstream", false],
  ] as const;
  for (const [fault, code, retryable] of cases) {
    fake.faults.enqueue(fault);
    await rejectsWith(fal().submit(SPEC, ATTEMPT), code, retryable);
  }
});

test("a submit whose answer never came is an unknown outcome, sent once; one that never connected is not", async () => {
  fake.faults.enqueue("submit_hang");
  const hung = await failureOf(fal({ requestTimeoutMs: 200 }).submit(SPEC, ATTEMPT));
  assert.equal(hung.code, "upstream_timeout");
  assert.equal(hung.outcomeUnknown, true);
  assert.equal(posts().length, 1);
  const unreachable = await failureOf(
    fal({ queueBaseUrl: "http://127.0.0.1:1" }).submit(SPEC, ATTEMPT),
  );
  assert.equal(unreachable.code, "upstream_unreachable");
  // The connection never opened: nothing reached fal, so nothing needs looking up.
  assert.equal(unreachable.outcomeUnknown, undefined);
});

test("a lost submit cannot be looked up on fal: findSubmitted says it cannot tell", async () => {
  await assert.rejects(fal().findSubmitted(ATTEMPT), ProviderFailure);
});

test("failed results map through the result's status and retry header", async () => {
  fake.faults.enqueue("task_failed", "task_refused");
  const failed = await settled();
  assert.equal(failed.result.state === "failed" && failed.result.error.code, "upstream_error");
  assert.equal(failed.result.state === "failed" && failed.result.error.retryable, true);
  const refused = await settled();
  assert.equal(
    refused.result.state === "failed" && refused.result.error.code,
    "content_rejected_upstream",
  );
});

test("cancel: a queued request is dropped; one in progress renders on; an ended one is stopped", async () => {
  fake.faults.enqueue("task_hang", "task_hang");
  const queued = await fal().submit(SPEC, ATTEMPT);
  assert.equal(await fal().cancel(queued.taskId), "stopped");
  const put = fake.requests.find((r) => r.method === "PUT");
  assert.equal(
    new URL(put?.path ?? "", fake.url).pathname,
    `/bytedance/seedance-2.0/requests/${queued.taskId}/cancel`,
  );
  assert.equal(put?.headers.authorization, `Key ${fake.apiKey}`);

  const running = await fal().submit(SPEC, ATTEMPT);
  fake.start(running.taskId);
  assert.equal(await fal().cancel(running.taskId), "running");
  assert.deepEqual(await fal().poll(running.taskId), { state: "running" });

  const done = await settled();
  assert.equal(await fal().cancel(done.taskId), "stopped");
  assert.equal(await fal().cancel("not a task id!"), "running");
});

test("unknown or garbled task ids are lost", async () => {
  const lost = {
    state: "failed",
    error: {
      code: "upstream_task_lost",
      message: "The upstream no longer knows this task.",
      retryable: true,
    },
  };
  assert.deepEqual(await fal().poll("not a fal task!"), lost);
  assert.equal(fake.requests.length, 0);
  assert.deepEqual(await fal().poll("6a0f5cde-0000-4000-8000-000000000000"), lost);
});

/** A receiver standing in for our callback route: keeps what fal POSTs. */
async function receiver() {
  const got: { headers: Headers; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string") headers.set(k, v);
      got.push({ headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/cb`, got, close: () => server.close() };
}

test("fal's signed webhook names the task; forged, altered or stale ones are refused", async () => {
  const hook = await receiver();
  try {
    const provider = fal();
    const { taskId } = await provider.submit(SPEC, { ...ATTEMPT, callbackUrl: hook.url });
    await fake.finish(taskId);
    const [delivery] = hook.got;
    assert.ok(delivery, "fal called back");
    assert.deepEqual(await provider.readCallback?.(delivery), { taskId });

    const altered = delivery.body.replace('"OK"', '"ERROR"');
    assert.equal(await provider.readCallback?.({ headers: delivery.headers, body: altered }), null);

    const stale = new Headers(
      fake.signWebhook(taskId, delivery.body, Math.floor(Date.now() / 1000) - 3600),
    );
    assert.equal(await provider.readCallback?.({ headers: stale, body: delivery.body }), null);

    const missing = new Headers(delivery.headers);
    missing.delete("x-fal-webhook-user-id");
    assert.equal(await provider.readCallback?.({ headers: missing, body: delivery.body }), null);

    // Signed by a key not in fal's JWKS.
    const other = generateKeyPairSync("ed25519").privateKey;
    const forged = new Headers(delivery.headers);
    const message = `${taskId}\n${forged.get("x-fal-webhook-user-id")}\n${forged.get("x-fal-webhook-timestamp")}\n`;
    const digest = (await import("node:crypto"))
      .createHash("sha256")
      .update(delivery.body)
      .digest("hex");
    forged.set(
      "x-fal-webhook-signature",
      sign(null, Buffer.from(message + digest), other).toString("hex"),
    );
    assert.equal(await provider.readCallback?.({ headers: forged, body: delivery.body }), null);

    // A genuine signature over a body naming another request.
    const swapped = JSON.stringify({ request_id: "someone-else", status: "OK", payload: {} });
    const headers = new Headers(fake.signWebhook(taskId, swapped));
    assert.equal(await provider.readCallback?.({ headers, body: swapped }), null);

    const jwksFetches = fake.requests.filter((r) => r.path === "/.well-known/jwks.json").length;
    assert.equal(jwksFetches, 1, "fal's keys are fetched once and cached");
  } finally {
    hook.close();
  }
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
