import assert from "node:assert/strict";
import { buffer } from "node:stream/consumers";
import { after, before, beforeEach, test } from "node:test";
import { type ArkConfig, createArkProvider } from "@/lib/jobs/providers/ark-provider";
import { type AttemptContext, ProviderFailure } from "@/lib/jobs/providers/types";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import {
  type FakeServer,
  json,
  pollUntilSettled,
  rejectsWithFailure,
  startFakeServer,
} from "../fakes/fake-server";

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
const PAYER = `p-${"a".repeat(32)}`;

/** An attempt as the engine describes it: polling only, the default 15-minute deadline. */
const attempt = (over: Partial<AttemptContext> = {}): AttemptContext => ({
  attemptId: "att_0001",
  startedAt: new Date(),
  endUser: PAYER,
  callbackUrl: null,
  executionLimitSeconds: 900,
  ...over,
});

let fake: ArkFake;
before(async () => {
  fake = await startArkFake({ pollsBeforeDone: 2 });
});
after(() => fake.close());
beforeEach(() => {
  fake.faults.clear();
  fake.requests.length = 0;
});

const ark = (over: Partial<ArkConfig> = {}, upstream: ArkFake = fake) =>
  createArkProvider({
    baseUrl: upstream.url,
    apiKey: upstream.apiKey,
    models: MODELS,
    requestTimeoutMs: 400,
    ...over,
  });

const rejectsWith = (promise: Promise<unknown>, code: string, retryable: boolean) =>
  rejectsWithFailure(promise, code, retryable, fake.apiKey);

test("happy path: submit, poll until done, download a real MP4", async () => {
  const { taskId } = await ark().submit(SPEC, attempt());
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
    safety_identifier: PAYER,
    execution_expires_after: 3600,
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
    const { taskId } = await ark().submit(
      { ...SPEC, seed, cameraFixed: null, generateAudio: false },
      attempt(),
    );
    const body = fake.requests.at(-1)?.body as Record<string, unknown>;
    assert.equal("seed" in body, false);
    assert.equal(body.generate_audio, false);
    const { result } = await pollUntilSettled(ark(), taskId);
    assert.equal(result.state === "succeeded" && result.seed, fake.tasks.get(taskId)?.seed);
  }
});

test("alpha-2.0-fast at 1080p is refused before anything is sent", async () => {
  await rejectsWith(
    ark().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "1080p" }, attempt()),
    "unsupported_resolution",
    false,
  );
  assert.equal(fake.requests.length, 0);
  await ark().submit({ ...SPEC, model: "alpha-2.0-fast", resolution: "720p" }, attempt());
  assert.equal(
    (fake.requests.at(-1)?.body as { model?: string } | undefined)?.model,
    "seedance-2-0-fast-260128",
  );
});

/** Asserts a ProviderFailure and hands back its detail for closer checks. */
async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => assert.fail("expected a ProviderFailure"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProviderFailure, `not a ProviderFailure: ${String(error)}`);
  assert.ok(!error.detail.message.includes(fake.apiKey));
  return error.detail;
}

test("the attempt travels with the task: payer hash, execution limit within Ark's range, callback URL", async () => {
  const provider = ark();
  assert.equal(provider.honoursCameraFixed, false);
  const cases = [
    [attempt(), 3600, undefined],
    [attempt({ executionLimitSeconds: 7200 }), 7200, undefined],
    [attempt({ executionLimitSeconds: 1_000_000 }), 259_200, undefined],
    [
      attempt({ callbackUrl: "https://reel.example/api/upstream/ark/att_0001/tok" }),
      3600,
      "https://reel.example/api/upstream/ark/att_0001/tok",
    ],
  ] as const;
  for (const [context, limit, callbackUrl] of cases) {
    await provider.submit({ ...SPEC, ratio: "adaptive", cameraFixed: true }, context);
    const body = fake.requests.at(-1)?.body as Record<string, unknown>;
    assert.equal(body.safety_identifier, PAYER);
    assert.equal(body.execution_expires_after, limit);
    assert.equal(body.callback_url, callbackUrl);
    assert.equal("callback_url" in body, callbackUrl !== undefined);
    assert.equal(body.ratio, "adaptive");
    assert.equal("camera_fixed" in body, false);
  }
});

test("the Ark fake refuses what Seedance 2.0 refuses in the task's fields", async () => {
  const post = (extra: Record<string, unknown>) =>
    fetch(`${fake.url}/api/v3/contents/generations/tasks`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: MODELS["alpha-2.0"],
        content: [{ type: "text", text: "x" }],
        ...extra,
      }),
    });
  for (const extra of [
    { camera_fixed: false },
    { callbackUrl: "https://reel.example/cb" },
    { user: PAYER },
    { callback_url: "http://reel.example/cb" },
    { callback_url: "not a url" },
    { execution_expires_after: 900 },
    { execution_expires_after: 300_000 },
    { safety_identifier: "x".repeat(65) },
    { safety_identifier: 42 },
    { ratio: "2:1" },
  ]) {
    const res = await post(extra);
    assert.equal(res.status, 400, JSON.stringify(extra));
    const body = (await res.json()) as { error: { code: string } };
    assert.equal(body.error.code, "InvalidParameter");
  }
  const ok = await post({
    callback_url: "http://127.0.0.1:9/cb",
    execution_expires_after: 3600,
    safety_identifier: PAYER,
    ratio: "adaptive",
  });
  assert.equal(ok.status, 200);
});

test("account and model refusals fail over: upstream_account with the account fault", async () => {
  for (const fault of [
    "auth_401",
    "account_overdue",
    "access_denied",
    "model_not_open",
    "model_not_found",
  ] as const) {
    fake.faults.enqueue(fault);
    const detail = await failureOf(ark().submit(SPEC, attempt()));
    assert.equal(detail.code, "upstream_account", fault);
    assert.equal(detail.fault, "account", fault);
    assert.equal(detail.retryable, true);
  }
  const wrongKey = await failureOf(ark({ apiKey: "wrong-key" }).submit(SPEC, attempt()));
  assert.equal(wrongKey.fault, "account");
  assert.match(wrongKey.message, /401 AuthenticationError/);
});

test("Ark's own input rules are a request fault, moderation a refusal, overload a wait", async () => {
  fake.faults.enqueue("submit_invalid", "moderation", "submit_429", "submit_500");
  const invalid = await failureOf(ark().submit(SPEC, attempt()));
  assert.equal(invalid.code, "upstream_rejected");
  assert.equal(invalid.fault, "request");

  const moderated = await failureOf(ark().submit(SPEC, attempt()));
  assert.equal(moderated.code, "content_rejected_upstream");
  assert.equal(moderated.retryable, false);
  assert.equal(moderated.fault, undefined);

  const busy = await failureOf(ark().submit(SPEC, attempt()));
  assert.equal(busy.code, "upstream_busy");
  assert.equal(busy.retryAfterMs, 7000);
  assert.equal(busy.fault, undefined);

  const broken = await failureOf(ark().submit(SPEC, attempt()));
  assert.equal(broken.code, "upstream_error");
  assert.equal(broken.retryable, true);
  assert.equal(broken.fault, undefined);
});

test("a submit whose answer never came is an unknown outcome (hung, dropped); one that never connected is not", async () => {
  fake.faults.enqueue("submit_hang");
  const started = Date.now();
  const hung = await failureOf(ark({ requestTimeoutMs: 200 }).submit(SPEC, attempt()));
  assert.ok(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  assert.equal(hung.code, "upstream_timeout");
  assert.equal(hung.outcomeUnknown, true);

  const unreachable = await failureOf(
    ark({ baseUrl: "http://127.0.0.1:1" }).submit(SPEC, attempt()),
  );
  assert.equal(unreachable.code, "upstream_unreachable");
  // The connection never opened: nothing reached Ark, so nothing needs looking up.
  assert.equal(unreachable.outcomeUnknown, undefined);

  fake.faults.enqueue("submit_lost");
  const before = fake.tasks.size;
  const lost = await failureOf(ark().submit(SPEC, attempt()));
  assert.equal(lost.outcomeUnknown, true);
  assert.equal(lost.retryable, true);
  assert.equal(fake.tasks.size, before + 1, "the task exists upstream all the same");
});

test("tasks that end failed map to retryable failures, output moderation to a refusal", async () => {
  fake.faults.enqueue("task_failed", "output_moderation");
  const failed = await pollUntilSettled(ark(), (await ark().submit(SPEC, attempt())).taskId);
  assert.deepEqual(failed.result, {
    state: "failed",
    error: {
      code: "upstream_failed",
      message: "The upstream failed to produce a video.",
      retryable: true,
    },
  });
  const refused = await pollUntilSettled(ark(), (await ark().submit(SPEC, attempt())).taskId);
  assert.equal(
    refused.result.state === "failed" && refused.result.error.code,
    "content_rejected_upstream",
  );
  assert.equal(refused.result.state === "failed" && refused.result.error.retryable, false);
});

test("cancel asks Ark only about queued tasks and says whether the task stopped", async () => {
  fake.faults.enqueue("task_hang");
  const running = await ark().submit(SPEC, attempt());
  for (let i = 0; i < 3; i++)
    assert.deepEqual(await ark().poll(running.taskId), { state: "running" });
  assert.equal(fake.tasks.get(running.taskId)?.status, "running");
  fake.requests.length = 0;
  assert.equal(await ark().cancel(running.taskId), "running");
  assert.equal(
    fake.requests.some((r) => r.method === "DELETE"),
    false,
    "a running task is never sent a DELETE",
  );
  assert.equal(fake.tasks.get(running.taskId)?.status, "running");

  const queued = await ark().submit(SPEC, attempt());
  assert.equal(await ark().cancel(queued.taskId), "stopped");
  assert.equal(fake.tasks.get(queued.taskId)?.status, "cancelled");
  const { result } = await pollUntilSettled(ark(), queued.taskId);
  assert.equal(result.state === "failed" && result.error.code, "upstream_failed");

  // An ended task is already stopped; DELETE would only erase its record.
  const done = await ark().submit(SPEC, attempt());
  await pollUntilSettled(ark(), done.taskId);
  fake.requests.length = 0;
  assert.equal(await ark().cancel(done.taskId), "stopped");
  assert.equal(
    fake.requests.some((r) => r.method === "DELETE"),
    false,
  );
  assert.equal(fake.tasks.get(done.taskId)?.status, "succeeded");

  assert.equal(await ark().cancel("cgt-does-not-exist"), "stopped");
  assert.equal(await ark({ baseUrl: "http://127.0.0.1:1" }).cancel(queued.taskId), "running");
});

test("Ark stops a task still unfinished after the execution limit: it ends expired", async () => {
  const own = await startArkFake({ pollsBeforeDone: 2 });
  try {
    own.faults.enqueue("task_hang", "task_hang");
    const limited = await ark({}, own).submit(SPEC, attempt({ executionLimitSeconds: 3600 }));
    const longer = await ark({}, own).submit(SPEC, attempt({ executionLimitSeconds: 7200 }));
    assert.deepEqual(await ark({}, own).poll(limited.taskId), { state: "running" });
    own.advanceClock(3601_000);
    const expired = await ark({}, own).poll(limited.taskId);
    assert.equal(expired.state, "failed");
    if (expired.state !== "failed") return;
    assert.equal(expired.error.code, "upstream_failed");
    assert.match(expired.error.message, /expired/);
    assert.equal(own.tasks.get(limited.taskId)?.status, "expired");
    assert.deepEqual(await ark({}, own).poll(longer.taskId), { state: "running" });
  } finally {
    await own.close();
  }
});

test("Ark's callback reaches the attempt's URL with the task; readCallback names the task", async () => {
  const receiver: FakeServer = await startFakeServer((_req, res) => json(res, 200, {}));
  try {
    const callbackUrl = `${receiver.url}/api/upstream/ark/att_0001/token`;
    const { taskId } = await ark().submit(SPEC, attempt({ callbackUrl }));
    const { result } = await pollUntilSettled(ark(), taskId);
    assert.equal(result.state, "succeeded");
    await fake.callbacksSettled();
    const posts = receiver.requests.filter((r) => r.method === "POST");
    assert.ok(posts.length >= 1);
    assert.ok(posts.every((r) => r.path === "/api/upstream/ark/att_0001/token"));
    const last = posts.at(-1);
    assert.ok(last);
    assert.equal((last.body as { status?: string }).status, "succeeded");
    const read = await ark().readCallback?.({
      headers: new Headers(last.headers),
      body: JSON.stringify(last.body),
    });
    assert.deepEqual(read, { taskId });
  } finally {
    await receiver.close();
  }
});

test("readCallback refuses what is not a task: malformed, wrong shape, oversized", async () => {
  const provider = ark();
  assert.ok(provider.readCallback, "Ark calls back");
  const headers = new Headers({ "content-type": "application/json" });
  for (const body of [
    "",
    "not json",
    "{}",
    JSON.stringify({ id: 5, status: "succeeded" }),
    JSON.stringify({ id: "", status: "succeeded" }),
    JSON.stringify({ id: "cgt-1" }),
    JSON.stringify({ id: "cgt-1", status: "succeeded", pad: "x".repeat(70_000) }),
  ])
    assert.equal(await provider.readCallback?.({ headers, body }), null, body.slice(0, 40));
  assert.deepEqual(
    await provider.readCallback?.({
      headers,
      body: JSON.stringify({ id: "cgt-1", status: "running" }),
    }),
    { taskId: "cgt-1" },
  );
});

test("a lost submit is found in Ark's task list: this payer, since the attempt, this limit", async () => {
  const own = await startArkFake({ pollsBeforeDone: 2 });
  try {
    const lookup = ark({ listPageSize: 2 }, own);
    // Before the attempt: this payer's earlier task must not be taken for the lost one.
    await lookup.submit(SPEC, attempt());
    own.advanceClock(120_000);
    const context = attempt({ startedAt: new Date(Date.now() + 60_000) });
    for (let i = 0; i < 3; i++)
      await lookup.submit(SPEC, attempt({ endUser: `p-${String(i).repeat(32)}` }));
    // The same payer's other job, with another deadline, in flight meanwhile.
    await lookup.submit(SPEC, attempt({ executionLimitSeconds: 7200 }));
    await lookup.submit({ ...SPEC, model: "alpha-2.0-fast" }, attempt({ endUser: "p-other" }));
    own.faults.enqueue("submit_lost");
    await assert.rejects(lookup.submit(SPEC, context));
    const lostId = [...own.tasks.values()].at(-1)?.id;
    own.requests.length = 0;

    assert.deepEqual(await lookup.findSubmitted(context), { taskId: lostId });
    const lists = own.requests.map((r) => new URL(r.path, own.url));
    assert.ok(lists.every((u) => u.pathname === "/api/v3/contents/generations/tasks"));
    assert.ok(
      lists.some((u) => u.searchParams.get("page_num") === "3"),
      "pages through",
    );
    assert.deepEqual(
      [...new Set(lists.map((u) => u.searchParams.get("filter.model")))].sort(),
      Object.values(MODELS).sort(),
    );

    // Ark's full answer holds no task of this payer since the attempt began: none was created.
    assert.equal(await lookup.findSubmitted({ ...context, endUser: "p-nobody" }), null);
    const later = { ...context, startedAt: new Date(Date.now() + 3600_000) };
    assert.equal(await lookup.findSubmitted(later), null);
  } finally {
    await own.close();
  }
});

test("a lookup that cannot tell throws retryably instead of answering none", async () => {
  const own = await startArkFake({ pollsBeforeDone: 2 });
  try {
    const lookup = ark({ listPageSize: 2 }, own);
    const context = attempt({ endUser: "p-twice" });
    own.listFaults.enqueue("list_500");
    assert.equal((await failureOf(lookup.findSubmitted(context))).retryable, true);
    own.listFaults.enqueue("list_unreadable");
    assert.equal((await failureOf(lookup.findSubmitted(context))).retryable, true);
    assert.equal(
      (await failureOf(ark({ apiKey: "wrong-key" }, own).findSubmitted(context))).retryable,
      true,
    );
    // Two candidates: which one this attempt created cannot be told.
    await lookup.submit(SPEC, context);
    await lookup.submit(SPEC, context);
    const ambiguous = await failureOf(lookup.findSubmitted(context));
    assert.equal(ambiguous.retryable, true);
    assert.equal(ambiguous.code, "upstream_lookup_failed");
  } finally {
    await own.close();
  }
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
    const { taskId } = await ark().submit(SPEC, attempt());
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
  const { taskId } = await ark().submit(SPEC, attempt());
  const { result } = await pollUntilSettled(ark(), taskId);
  assert.equal(result.state, "succeeded");
  if (result.state !== "succeeded") return;
  const started = Date.now();
  const download = await ark({ requestTimeoutMs: 200 }).download(taskId, result.videoUrl);
  await rejectsWith(buffer(download.body), "upstream_timeout", true);
  assert.ok(Date.now() - started < 1500);
});
