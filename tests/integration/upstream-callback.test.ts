import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, before, test } from "node:test";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import {
  endAttempt,
  findAttempt,
  markAttemptRunning,
  startAttempt,
} from "@/lib/jobs/attempt-repository";
import { callbackUrl } from "@/lib/jobs/providers/attempt-identity";
import type { ProviderName, VideoProvider } from "@/lib/jobs/providers/types";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import { jobs } from "@/lib/jobs/schema";
import type { UpstreamCallbackDeps } from "@/lib/jobs/upstream-callback";
import {
  CALLBACK_BODY_LIMIT,
  upstreamCallbackResponse,
} from "@/lib/http/api/upstream-callback-response";
import { openTestDatabase } from "../helpers/database";
import { payerSequence, queuedJob } from "../helpers/jobs";

/**
 * POST /api/upstream/{provider}/{attempt}/{token} through its handler, on a real Postgres
 * database: what each kind of caller gets, and what a genuine callback changes (the job is due
 * now, a lost submit's task is adopted) and does not (job status, money).
 */

let db: Db;
let close: () => Promise<void>;
before(async () => {
  ({ db, close } = await openTestDatabase());
});
after(() => close?.());

const SECRET = "k".repeat(32);
const SIGNING_KEY = "the upstream's signing key";
const ORIGIN = "https://reel402.test";
const payer = payerSequence(0x5c00);
const sign = (body: string) => createHmac("sha256", SIGNING_KEY).update(body).digest("hex");

/** An adapter that reads its upstream's signed callbacks: an HMAC of the raw body in a header. */
function signingUpstream(name: ProviderName, over: Partial<VideoProvider> = {}): VideoProvider {
  return {
    name,
    honoursCameraFixed: true,
    executionLimitSeconds: (seconds: number) => seconds,
    submit: async () => ({ taskId: "unused" }),
    findSubmitted: async () => null,
    poll: async () => ({ state: "running" }),
    download: async () => {
      throw new Error("not downloaded here");
    },
    cancel: async () => "stopped",
    async readCallback({ headers, body }) {
      if (headers.get("x-signature") !== sign(body)) return null;
      const parsed = JSON.parse(body) as { task_id?: unknown };
      return typeof parsed.task_id === "string" ? { taskId: parsed.task_id } : null;
    },
    ...over,
  };
}

function depsWith(providers: VideoProvider[]) {
  const woken: string[] = [];
  const deps: UpstreamCallbackDeps = {
    db,
    secret: SECRET,
    providers,
    wake: async (jobId) => {
      woken.push(jobId);
    },
  };
  return { deps, woken };
}

/** A generating job due in an hour, with one attempt on `provider` (running `taskId`, or still submitting). */
async function jobWithAttempt(provider: ProviderName, taskId: string | null) {
  const job = await queuedJob(db, payer());
  await changeStatus(db, job.id, "queued", "generating", { startedAt: new Date() });
  const attempt = await startAttempt(db, job.id, 1, provider);
  if (taskId) assert.equal(await markAttemptRunning(db, attempt.id, taskId), true);
  const later = new Date(Date.now() + 3_600_000);
  await db.update(jobs).set({ runAfter: later }).where(eq(jobs.id, job.id));
  return { job, attempt, later };
}

/** The callback an upstream sends: to the URL the attempt was given, signed unless told otherwise. */
function callback(
  url: string,
  body: string,
  opts: { signature?: string; headers?: Record<string, string> } = {},
) {
  const [provider = "", attempt = "", token = ""] = new URL(url).pathname.split("/").slice(3);
  const request = new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature": opts.signature ?? sign(body),
      ...opts.headers,
    },
    body,
  });
  return { request, params: { provider, attempt, token } };
}

const urlOf = (provider: ProviderName, attemptId: string) =>
  callbackUrl(ORIGIN, SECRET, provider, attemptId);

async function problemCode(response: Response) {
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  return ((await response.json()) as { code: string }).code;
}

test("a genuine callback is taken (204) and makes the generating job due now, its status untouched", async () => {
  const { job, attempt } = await jobWithAttempt("fal", "task-a");
  const { deps, woken } = depsWith([signingUpstream("fal")]);
  const { request, params } = callback(
    urlOf("fal", attempt.id),
    JSON.stringify({ task_id: "task-a", status: "OK" }),
  );
  const response = await upstreamCallbackResponse(request, params, deps);
  assert.equal(response.status, 204);
  assert.equal(await response.text(), "");
  const after = await getJob(db, job.id);
  assert.equal(after?.status, "generating");
  assert.ok(after?.runAfter && after.runAfter.getTime() <= Date.now());
  assert.deepEqual(woken, [job.id]);
  assert.equal((await findAttempt(db, attempt.id))?.status, "running");
});

test("a wrong token, an unknown attempt, another provider's URL or an unknown provider are one 404", async () => {
  const { job, attempt, later } = await jobWithAttempt("fal", "task-b");
  const { deps, woken } = depsWith([signingUpstream("fal"), signingUpstream("ark")]);
  const body = JSON.stringify({ task_id: "task-b" });
  const good = urlOf("fal", attempt.id);
  const token = good.split("/").at(-1) as string;
  const cases = [
    // A token of the right length, one character changed.
    good.replace(/.$/, token.endsWith("A") ? "B" : "A"),
    `${ORIGIN}/api/upstream/fal/${attempt.id}/short`,
    // A valid token for an attempt that does not exist.
    urlOf("fal", crypto.randomUUID()),
    // A valid token for this attempt on another provider than the attempt's.
    urlOf("ark", attempt.id),
    `${ORIGIN}/api/upstream/midjourney/${attempt.id}/${token}`,
    `${ORIGIN}/api/upstream/fal/not-a-uuid/${token}`,
  ];
  const bodies = new Set<string>();
  for (const url of cases) {
    const { request, params } = callback(url, body);
    const response = await upstreamCallbackResponse(request, params, deps);
    assert.equal(response.status, 404, url);
    const text = await response.text();
    bodies.add(text);
    assert.equal((JSON.parse(text) as { code: string }).code, "not_found");
  }
  assert.equal(bodies.size, 1, "no hint which part was wrong");
  assert.deepEqual(woken, []);
  assert.equal((await getJob(db, job.id))?.runAfter?.getTime(), later.getTime());
});

test("a callback naming another task than the attempt's is a 404 and wakes nothing", async () => {
  const { attempt } = await jobWithAttempt("fal", "task-c");
  const { deps, woken } = depsWith([signingUpstream("fal")]);
  const { request, params } = callback(urlOf("fal", attempt.id), JSON.stringify({ task_id: "x" }));
  const response = await upstreamCallbackResponse(request, params, deps);
  assert.equal(response.status, 404);
  assert.deepEqual(woken, []);
});

test("a callback whose signature fails is a 401; an adapter that throws is one too, never a 500", async () => {
  const { job, attempt, later } = await jobWithAttempt("fal", "task-d");
  const body = JSON.stringify({ task_id: "task-d" });
  const forged = callback(urlOf("fal", attempt.id), body, { signature: sign("something else") });
  const { deps, woken } = depsWith([signingUpstream("fal")]);
  const response = await upstreamCallbackResponse(forged.request, forged.params, deps);
  assert.equal(response.status, 401);
  assert.equal(await problemCode(response), "callback_signature_invalid");

  const throwing = depsWith([
    signingUpstream("fal", {
      readCallback: async () => {
        throw new SyntaxError("Unexpected token in JSON");
      },
    }),
  ]);
  const again = callback(urlOf("fal", attempt.id), "{not json");
  const thrown = await upstreamCallbackResponse(again.request, again.params, throwing.deps);
  assert.equal(thrown.status, 401);
  assert.deepEqual([...woken, ...throwing.woken], []);
  assert.equal((await getJob(db, job.id))?.runAfter?.getTime(), later.getTime());
});

test("an upstream that never calls back has no callback to take: 404", async () => {
  const { attempt } = await jobWithAttempt("ark", "task-e");
  const { readCallback: _, ...silent } = signingUpstream("ark");
  const { deps } = depsWith([silent]);
  const { request, params } = callback(
    urlOf("ark", attempt.id),
    JSON.stringify({ task_id: "task-e" }),
  );
  assert.equal((await upstreamCallbackResponse(request, params, deps)).status, 404);
});

test("a body over the limit is a 413, by its Content-Length or as it streams", async () => {
  const { attempt } = await jobWithAttempt("fal", "task-f");
  const { deps, woken } = depsWith([signingUpstream("fal")]);
  const big = JSON.stringify({ task_id: "task-f", pad: "x".repeat(CALLBACK_BODY_LIMIT) });
  const declared = callback(urlOf("fal", attempt.id), big);
  const response = await upstreamCallbackResponse(declared.request, declared.params, deps);
  assert.equal(response.status, 413);
  assert.equal(await problemCode(response), "callback_too_large");

  // Chunked, without a Content-Length: counted while read, and cut off past the limit.
  let pulled = 0;
  const chunk = new Uint8Array(64 * 1024);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled++;
      if (pulled > 100) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const url = urlOf("fal", attempt.id);
  const [provider = "", attemptId = "", token = ""] = new URL(url).pathname.split("/").slice(3);
  const streamed = new Request(url, {
    method: "POST",
    body: stream,
    duplex: "half",
  } as RequestInit);
  assert.equal(streamed.headers.get("content-length"), null);
  const cut = await upstreamCallbackResponse(
    streamed,
    { provider, attempt: attemptId, token },
    deps,
  );
  assert.equal(cut.status, 413);
  assert.ok(pulled < 100, "the rest of the body is never read");
  assert.deepEqual(woken, []);
});

test("a callback for a submit whose answer was lost adopts the task: the attempt runs it", async () => {
  const { job, attempt } = await jobWithAttempt("fal", null);
  assert.equal(attempt.status, "submitting");
  const { deps, woken } = depsWith([signingUpstream("fal")]);
  const { request, params } = callback(
    urlOf("fal", attempt.id),
    JSON.stringify({ task_id: "task-lost" }),
  );
  assert.equal((await upstreamCallbackResponse(request, params, deps)).status, 204);
  const adopted = await findAttempt(db, attempt.id);
  assert.deepEqual([adopted?.status, adopted?.taskId], ["running", "task-lost"]);
  assert.deepEqual(woken, [job.id]);
  // The submit's own answer, arriving late with the same task, finds the task is still its own
  // (so the engine does not cancel it as an orphan).
  assert.equal(await markAttemptRunning(db, attempt.id, "task-lost"), true);
  // A second callback now names the attempt's task.
  const repeat = callback(urlOf("fal", attempt.id), JSON.stringify({ task_id: "task-lost" }));
  assert.equal((await upstreamCallbackResponse(repeat.request, repeat.params, deps)).status, 204);
});

test("a callback naming a task for an attempt already written off leaves that task to the upkeep", async () => {
  const { attempt } = await jobWithAttempt("fal", null);
  assert.equal(
    await endAttempt(
      db,
      attempt,
      "failed",
      { code: "interrupted", message: "The submission was interrupted.", retryable: true },
      "submitting",
    ),
    true,
  );
  const { deps } = depsWith([signingUpstream("fal")]);
  const { request, params } = callback(
    urlOf("fal", attempt.id),
    JSON.stringify({ task_id: "task-late" }),
  );
  assert.equal((await upstreamCallbackResponse(request, params, deps)).status, 204);
  const late = await findAttempt(db, attempt.id);
  assert.deepEqual([late?.status, late?.taskId], ["failed", "task-late"]);
  assert.ok(late?.orphanedAt, "followed up by the upkeep: stopped, or how it ended audited");
});

test("a callback for a job that is no longer generating is taken but wakes nothing", async () => {
  const { job, attempt } = await jobWithAttempt("fal", "task-g");
  await changeStatus(db, job.id, "generating", "failed", {
    error: { code: "x", message: "x", retryable: false },
    finishedAt: new Date(),
    runAfter: null,
  });
  const { deps, woken } = depsWith([signingUpstream("fal")]);
  const { request, params } = callback(
    urlOf("fal", attempt.id),
    JSON.stringify({ task_id: "task-g" }),
  );
  assert.equal((await upstreamCallbackResponse(request, params, deps)).status, 204);
  assert.deepEqual(woken, []);
  const after = await getJob(db, job.id);
  assert.deepEqual([after?.status, after?.runAfter], ["failed", null]);
});
