import { z } from "zod";
import type { GenerationSpec, ModelId } from "@/lib/catalog";
import { arkFailure, taskFailure } from "@/lib/jobs/providers/ark-errors";
import { arkTask, ENDED, executionLimit } from "@/lib/jobs/providers/ark-task";
import { findLostArkTask } from "@/lib/jobs/providers/ark-task-lookup";
import { checkedDownload } from "@/lib/jobs/providers/checked-download";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import { frameUrls } from "@/lib/jobs/providers/frame-urls";
import {
  type AttemptContext,
  type CallbackInput,
  type ImageLoader,
  ProviderFailure,
  type PollResult,
  type VideoProvider,
} from "@/lib/jobs/providers/types";

export interface ArkConfig extends hosted.UpstreamConfig {
  baseUrl: string;
  models: Record<ModelId, string>;
  /** Tasks per page when a lost submit is looked for (Ark takes 1 to 500). */
  listPageSize?: number;
}

const createdBody = z.object({ id: z.string().min(1) });

/** A task object is a few kilobytes; anything far larger is not Ark's callback. */
const MAX_CALLBACK_BYTES = 64 * 1024;

/**
 * The task's content items: the prompt as text (an image task may have none), then each frame
 * image as an `image_url` item with its role, the way Seedance takes first and last frames.
 */
async function contentOf(
  spec: GenerationSpec,
  loadImage: ImageLoader | undefined,
): Promise<Record<string, unknown>[]> {
  const frames = await frameUrls(spec, loadImage);
  if (!frames) return [{ type: "text", text: spec.prompt }];
  return [
    ...(spec.prompt ? [{ type: "text", text: spec.prompt }] : []),
    { type: "image_url", image_url: { url: frames.first }, role: "first_frame" },
    ...(frames.last
      ? [{ type: "image_url", image_url: { url: frames.last }, role: "last_frame" }]
      : []),
  ];
}

/**
 * The create-task body (POST /api/v3/contents/generations/tasks; fields as in
 * byteplus-python-sdk-v2 byteplussdkarkruntime/resources/content_generation/tasks.py and
 * https://docs.byteplus.com/en/docs/ModelArk/1520757). Seedance 2.0 rejects `camera_fixed`, so
 * `spec.cameraFixed` is never sent; `ratio` goes as is, `adaptive` included, which Ark takes.
 */
async function taskRequest(
  config: ArkConfig,
  spec: GenerationSpec,
  attempt: AttemptContext,
): Promise<Record<string, unknown>> {
  return {
    model: config.models[spec.model],
    content: await contentOf(spec, config.loadImage),
    resolution: spec.resolution,
    ratio: spec.ratio,
    duration: spec.durationSeconds,
    // Omitted rather than -1 so Ark picks and reports the seed itself.
    ...(spec.seed !== null && spec.seed !== -1 ? { seed: spec.seed } : {}),
    generate_audio: spec.generateAudio,
    watermark: false,
    // Ark's end-user field for abuse detection: a hashed id of at most 64 characters.
    safety_identifier: attempt.endUser,
    execution_expires_after: executionLimit(attempt.executionLimitSeconds),
    // Ark POSTs the task to it on each state change; without a public origin we only poll.
    ...(attempt.callbackUrl ? { callback_url: attempt.callbackUrl } : {}),
  };
}

/** BytePlus ModelArk content-generation tasks; the task id is Ark's own, so a fresh instance can poll it. */
export function createArkProvider(config: ArkConfig): VideoProvider {
  const tasks = `${config.baseUrl.replace(/\/+$/, "")}/api/v3/contents/generations/tasks`;
  const call = hosted.upstreamCaller(config, `Bearer ${config.apiKey}`);
  const taskUrl = (taskId: string) => `${tasks}/${encodeURIComponent(taskId)}`;

  return {
    name: "ark",
    honoursCameraFixed: false,
    executionLimitSeconds: executionLimit,

    async submit(spec: GenerationSpec, attempt: AttemptContext) {
      hosted.assertSupported(spec);
      const body = await taskRequest(config, spec, attempt);
      // A thrown network failure is an unknown outcome (hosted.networkFailure): the engine
      // looks the task up with findSubmitted before submitting again.
      const reply = await call(tasks, { method: "POST", body: JSON.stringify(body) });
      if (!reply.ok) throw new ProviderFailure(arkFailure(reply, true));
      const created = createdBody.safeParse(reply.body);
      if (!created.success) throw hosted.unreadableReply("The upstream returned no task id.");
      return { taskId: created.data.id };
    },

    findSubmitted: (attempt) =>
      findLostArkTask(
        call,
        tasks,
        Object.values(config.models),
        attempt,
        Math.min(500, Math.max(1, config.listPageSize ?? 100)),
      ),

    async poll(taskId): Promise<PollResult> {
      const reply = await call(taskUrl(taskId), { method: "GET" });
      if (reply.status === 404) return { state: "failed", error: hosted.TASK_LOST };
      if (!reply.ok) throw new ProviderFailure(arkFailure(reply));
      const parsed = arkTask.safeParse(reply.body);
      if (!parsed.success) throw hosted.unreadableReply("The upstream sent an unreadable task.");
      const task = parsed.data;
      switch (task.status) {
        case "succeeded":
          return hosted.finishedTask(
            task.content?.video_url,
            task.seed ?? null,
            task.framespersecond ?? null,
          );
        case "failed":
        case "cancelled":
        case "expired":
          return { state: "failed", error: taskFailure(task.status, task.error?.code) };
        default:
          // queued, running, or a state added later: the engine's attempt deadline bounds the wait.
          return { state: "running" };
      }
    },

    download: (_taskId, videoUrl) =>
      checkedDownload(config.fetch ?? fetch, videoUrl, config.requestTimeoutMs),

    async cancel(taskId) {
      // Ark cancels only queued tasks; DELETE on an ended one deletes its record instead and a
      // running one renders (and bills) on. So the task's state decides, not the DELETE alone.
      try {
        const reply = await call(taskUrl(taskId), { method: "GET" });
        if (reply.status === 404) return "stopped";
        const task = reply.ok ? arkTask.safeParse(reply.body).data : undefined;
        if (!task) return "running";
        if (ENDED.has(task.status)) return "stopped";
        if (task.status !== "queued") return "running";
        const deleted = await call(taskUrl(taskId), { method: "DELETE" });
        return deleted.ok ? "stopped" : "running";
      } catch {
        return "running";
      }
    },

    /**
     * Ark's callback POSTs the task object and is not signed: the unguessable per-attempt token
     * in the URL, checked before this is called, is its authenticity. This only reads it.
     */
    async readCallback({ body }: CallbackInput) {
      if (Buffer.byteLength(body) > MAX_CALLBACK_BYTES) return null;
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return null;
      }
      const task = arkTask.safeParse(json);
      return task.success ? { taskId: task.data.id } : null;
    },
  };
}
