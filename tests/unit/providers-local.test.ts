import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { randomUUID } from "node:crypto";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import { frameSize } from "@/lib/jobs/providers/frame-size";
import { wrapPrompt } from "@/lib/jobs/providers/local-render-args";
import { createLocalProvider, RENDER_FAILED } from "@/lib/jobs/providers/local-renderer";
import type { AttemptContext, VideoProvider } from "@/lib/jobs/providers/types";
import type { GenerationSpec, Ratio, Resolution } from "@/lib/catalog/generation-spec";
import { pollUntilSettled } from "../fakes/fake-server";
import { probe } from "../helpers/media";

/** A fresh attempt of a service without a public origin. */
const attemptOf = (): AttemptContext => ({
  attemptId: randomUUID(),
  startedAt: new Date(),
  endUser: "p-test",
  callbackUrl: null,
  executionLimitSeconds: 900,
});

const SPEC: GenerationSpec = {
  model: "alpha-2.0",
  prompt: "A red fox crossing a frozen lake at dawn, cinematic",
  durationSeconds: 2,
  resolution: "480p",
  ratio: "16:9",
  seed: 42,
  generateAudio: false,
  cameraFixed: null,
};

let workDir: string;
before(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "reel402-local-"));
});
after(() => rm(workDir, { recursive: true, force: true }));

const local = (over: { minLatencyMs?: number; faultRate?: number } = {}) =>
  createLocalProvider({ workDir, minLatencyMs: 0, faultRate: 0, ...over });

/** Renders a spec to completion and returns the output file. */
async function render(spec: GenerationSpec, provider: VideoProvider = local()) {
  const { taskId } = await provider.submit(spec, attemptOf());
  const { result } = await pollUntilSettled(provider, taskId);
  assert.equal(result.state, "succeeded", JSON.stringify(result));
  if (result.state !== "succeeded") throw new Error("unreachable");
  return { taskId, result, file: fileURLToPath(result.videoUrl) };
}

/** Running, not merely a zombie: an orphan reparented to a pid 1 that never reaps stays one. */
const isAlive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};
const stateOf = async (taskId: string) =>
  JSON.parse(await readFile(path.join(workDir, taskId, "state.json"), "utf8")) as {
    pid: number | null;
    status: string;
  };

test("frame sizes: the resolution names the short side; adaptive is 16:9", () => {
  const cases: [Resolution, Ratio, number, number][] = [
    ["720p", "16:9", 1280, 720],
    ["480p", "16:9", 854, 480],
    ["480p", "9:16", 480, 854],
    ["720p", "1:1", 720, 720],
    ["720p", "4:3", 960, 720],
    ["720p", "3:4", 720, 960],
    ["720p", "21:9", 1680, 720],
    ["1080p", "16:9", 1920, 1080],
    ["720p", "adaptive", 1280, 720],
  ];
  for (const [resolution, ratio, width, height] of cases)
    assert.deepEqual(frameSize(resolution, ratio), { width, height }, `${ratio} ${resolution}`);
});

test("prompts are flattened, wrapped and cut with an ellipsis", () => {
  const text = wrapPrompt(
    `Line one\nline\ttwo\u0000 ${"word ".repeat(200)}${"x".repeat(300)}`,
    1280,
    40,
  );
  const lines = text.split("\n");
  assert.equal(lines.length, 6);
  assert.ok(
    lines.every((l) => [...l].length <= 42),
    text,
  );
  assert.ok(text.startsWith("Line one line two word"));
  assert.ok(text.endsWith("…"));
  assert.ok(!text.includes("\u0000") && !text.includes("\t"));
  assert.equal(wrapPrompt("   ", 1280, 40), " ");
  assert.equal(wrapPrompt("y".repeat(50), 1280, 40), `${"y".repeat(42)}\n${"y".repeat(8)}`);
});

test("16:9 720p 5 s with audio", async (t) => {
  const started = Date.now();
  const { result, file, taskId } = await render({
    ...SPEC,
    durationSeconds: 5,
    resolution: "720p",
    generateAudio: true,
  });
  t.diagnostic(`rendered 5 s 720p with audio in ${Date.now() - started} ms`);
  assert.equal(result.seed, 42);
  assert.equal(result.framesPerSecond, 24);
  const info = await probe(file);
  assert.deepEqual(
    [info.width, info.height, info.fps, info.videoCodec, info.hasAudio],
    [1280, 720, 24, "h264", true],
  );
  assert.ok(Math.abs(info.duration - 5) < 0.1, `duration ${info.duration}`);
  const download = await local().download(taskId, result.videoUrl);
  const bytes = await buffer(download.body);
  assert.equal(download.contentType, "video/mp4");
  assert.equal(download.size, bytes.length);
  assert.equal(bytes.toString("latin1", 4, 8), "ftyp");
});

test("9:16 480p 4 s without audio", async () => {
  const { file } = await render({
    ...SPEC,
    durationSeconds: 4,
    ratio: "9:16",
    prompt: "x".repeat(2000),
  });
  const info = await probe(file);
  assert.deepEqual(
    [info.width, info.height, info.fps, info.videoCodec, info.hasAudio],
    [480, 854, 24, "h264", false],
  );
  assert.ok(Math.abs(info.duration - 4) < 0.1, `duration ${info.duration}`);
});

test("the same seed gives the same bytes; another seed differs; no seed picks and reports one", async () => {
  const spec = { ...SPEC, generateAudio: true };
  const [a, b, c] = await Promise.all([render(spec), render(spec), render({ ...spec, seed: 43 })]);
  const [bytesA, bytesB, bytesC] = await Promise.all(
    [a.file, b.file, c.file].map((f) => readFile(f)),
  );
  assert.ok(bytesA?.equals(bytesB as Buffer), "same seed, same bytes");
  assert.ok(!bytesA?.equals(bytesC as Buffer), "another seed, other bytes");
  for (const seed of [null, -1]) {
    const { result } = await render({ ...SPEC, durationSeconds: 1, seed });
    assert.ok(
      Number.isInteger(result.seed) &&
        (result.seed as number) >= 0 &&
        (result.seed as number) < 2 ** 32,
      `seed ${result.seed}`,
    );
  }
});

test("prompt text cannot inject filter syntax or expansions", async () => {
  const prompt = "a' ,drawtext=text=pwned:x=0 [out]; %{eif\\:1/0\\:d} %{localtime} \\ : ; ,";
  const { taskId } = await render({ ...SPEC, durationSeconds: 1, prompt });
  const drawn = await readFile(path.join(workDir, taskId, "prompt.txt"), "utf8");
  assert.equal(drawn.replace(/\n/g, " "), prompt.replace(/\s+/g, " "));
});

test("fault rate 1 fails every task, stably, after the minimum latency", async () => {
  const provider = local({ faultRate: 1, minLatencyMs: 300 });
  const started = Date.now();
  const { taskId } = await provider.submit(SPEC, attemptOf());
  assert.deepEqual(await provider.poll(taskId), { state: "running" });
  const { result } = await pollUntilSettled(local({ minLatencyMs: 300 }), taskId);
  assert.ok(Date.now() - started >= 300);
  assert.deepEqual(result, { state: "failed", error: RENDER_FAILED });
  assert.deepEqual(await local().poll(taskId), { state: "failed", error: RENDER_FAILED });
});

test("a finished render waits out the minimum latency", async () => {
  const started = Date.now();
  await render({ ...SPEC, durationSeconds: 1 }, local({ minLatencyMs: 2500 }));
  assert.ok(Date.now() - started >= 2500);
});

test("a fresh instance polls a task another instance submitted", async () => {
  const { taskId } = await local().submit(SPEC, attemptOf());
  const { result } = await pollUntilSettled(local(), taskId);
  assert.equal(result.state, "succeeded");
});

test("a task whose renderer died is rendered again, same task, same seed", async () => {
  const first = await render(SPEC);
  const original = await readFile(first.file);
  // As if the process died mid-render: no output, state still rendering, its pid gone.
  await rm(first.file);
  const state = await stateOf(first.taskId);
  await writeFile(
    path.join(workDir, first.taskId, "state.json"),
    JSON.stringify({ ...state, status: "rendering", pid: 2 ** 22 + 17 }),
  );
  const { result } = await pollUntilSettled(local(), first.taskId);
  assert.equal(result.state === "succeeded" && result.seed, 42);
  assert.ok((await readFile(first.file)).equals(original));
});

test("a render orphaned by a crashed process is recovered by the next process", async () => {
  // A real crash: a child process submits, then dies by SIGKILL; its ffmpeg is left orphaned.
  const moduleUrl = pathToFileURL(path.resolve("lib/jobs/providers/local-renderer.ts")).href;
  const script = `
    const { createLocalProvider } = await import(${JSON.stringify(moduleUrl)});
    const p = createLocalProvider({ workDir: ${JSON.stringify(workDir)}, minLatencyMs: 0, faultRate: 0 });
    const { taskId } = await p.submit(${JSON.stringify({ ...SPEC, durationSeconds: 3 })}, { attemptId: ${JSON.stringify(randomUUID())} });
    process.stdout.write(taskId, () => process.kill(process.pid, "SIGKILL"));`;
  const child = promisify(execFile)(process.execPath, [
    "--conditions=react-server",
    "--import",
    "tsx",
    "--input-type=module",
    "-e",
    script,
  ]);
  const { stdout } = await child.catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? "",
  }));
  const taskId = stdout.trim();
  assert.match(taskId, /^local-/);
  const orphan = (await stateOf(taskId)).pid;
  const { result } = await pollUntilSettled(local(), taskId);
  assert.equal(result.state, "succeeded");
  assert.ok(orphan !== null && !isAlive(orphan));
  const info = await probe(fileURLToPath(result.state === "succeeded" ? result.videoUrl : ""));
  assert.ok(Math.abs(info.duration - 3) < 0.1);
});

test("cancel kills the render and the task reports cancelled", async () => {
  const { taskId } = await local().submit(
    { ...SPEC, durationSeconds: 15, resolution: "1080p" },
    attemptOf(),
  );
  const { pid } = await stateOf(taskId);
  assert.ok(pid !== null && isAlive(pid));
  await local().cancel(taskId);
  await new Promise((r) => setTimeout(r, 200));
  assert.ok(!isAlive(pid));
  const polled = await local().poll(taskId);
  assert.equal(polled.state === "failed" && polled.error.code, "upstream_cancelled");
  assert.equal((await stateOf(taskId)).status, "cancelled");
});

test("unknown or malformed task ids are lost, never a path", async () => {
  for (const id of ["local-00000000-0000-0000-0000-000000000000", "../../etc", "local-../../x"]) {
    const polled = await local().poll(id);
    assert.equal(polled.state === "failed" && polled.error.code, "upstream_task_lost");
  }
  await assert.rejects(local().download("../../etc/passwd", "file:///etc/passwd"), {
    name: "ProviderFailure",
  });
});

test("a submit whose answer was lost is found by its attempt; another attempt's is not", async () => {
  const attempt = attemptOf();
  assert.equal(await local().findSubmitted(attempt), null);
  const { taskId } = await local().submit(SPEC, attempt);
  assert.deepEqual(await local().findSubmitted(attempt), { taskId });
  assert.equal(await local().findSubmitted(attemptOf()), null);
  assert.equal(await local().cancel(taskId), "stopped");
});

let dir: string;
let calls: string;
let ffmpegPath: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "reel402-wait-only-"));
  calls = path.join(dir, "calls");
  ffmpegPath = path.join(dir, "ffmpeg");
  // The real ffmpeg behind a wrapper that counts its runs.
  await writeFile(calls, "");
  await writeFile(
    ffmpegPath,
    `#!/bin/sh\necho run >> '${calls}'\nexec '${ffmpegInstaller.path}' "$@"\n`,
  );
  await chmod(ffmpegPath, 0o755);
});
after(() => rm(dir, { recursive: true, force: true }));

const runs = async () => (await readFile(calls, "utf8")).split("\n").filter(Boolean).length;
const waitOnly = (minLatencyMs: number) =>
  createLocalProvider({ workDir, minLatencyMs, faultRate: 0, waitOnly: true, ffmpegPath });

test("wait-only: jobs wait out the latency, then get a real MP4 of their shape, with one ffmpeg run for all", async () => {
  const provider = waitOnly(400);
  const tasks = await Promise.all(
    [1, 2, 3].map((n) => provider.submit({ ...SPEC, prompt: `${SPEC.prompt} ${n}` }, attemptOf())),
  );
  for (const { taskId } of tasks)
    assert.deepEqual(await provider.poll(taskId), { state: "running" });
  assert.equal(await runs(), 0, "submitting renders nothing");

  const results = await Promise.all(tasks.map(({ taskId }) => pollUntilSettled(provider, taskId)));
  assert.equal(await runs(), 1, "one stock clip rendered for three jobs of one shape");
  for (const { result } of results) {
    assert.equal(result.state, "succeeded", JSON.stringify(result));
    if (result.state !== "succeeded") continue;
    const info = await probe(fileURLToPath(result.videoUrl));
    assert.equal(info.width, 854);
    assert.equal(info.height, 480);
    assert.ok(Math.abs(info.duration - 2) < 0.2, `duration ${info.duration}`);
  }

  // A later job of the same shape reuses the clip; another shape costs one more render.
  const again = await provider.submit(SPEC, attemptOf());
  assert.equal((await pollUntilSettled(provider, again.taskId)).result.state, "succeeded");
  assert.equal(await runs(), 1);
  const square = await provider.submit({ ...SPEC, ratio: "1:1" }, attemptOf());
  assert.equal((await pollUntilSettled(provider, square.taskId)).result.state, "succeeded");
  assert.equal(await runs(), 2);
});

test("wait-only: a cancelled job never gets the clip", async () => {
  const provider = waitOnly(200);
  const { taskId } = await provider.submit(SPEC, attemptOf());
  assert.equal(await provider.cancel(taskId), "stopped");
  await new Promise((r) => setTimeout(r, 300));
  const result = await provider.poll(taskId);
  assert.equal(result.state, "failed");
});
