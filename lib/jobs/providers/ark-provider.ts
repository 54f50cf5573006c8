import { z } from "zod";
import type { GenerationSpec, ModelId } from "@/lib/catalog";
import { checkedDownload } from "@/lib/jobs/providers/checked-download";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import { frameDataUrls } from "@/lib/jobs/providers/frame-data-urls";
import {
  type AttemptContext,
  type ImageLoader,
  ProviderFailure,
  type ProviderError,
  type PollResult,
  type VideoProvider,
} from "@/lib/jobs/providers/types";

export interface ArkConfig extends hosted.UpstreamConfig {
  baseUrl: string;
  models: Record<ModelId, string>;
}

const errorBody = z
  .object({ error: z.object({ code: z.string().optional() }).nullish() })
  .nullish();
const createdBody = z.object({ id: z.string().min(1) });
const taskBody = z.object({
  status: z.string(),
  content: z.object({ video_url: z.string().optional() }).nullish(),
  error: z.object({ code: z.string().optional() }).nullish(),
  seed: z.number().nullish(),
  framespersecond: z.number().nullish(),
});

/** Ark's moderation codes: InputTextSensitiveContentDetected, OutputVideoSensitiveContentDetected, … */
const MODERATION = /SensitiveContent|Risk/i;

function failureOf(reply: hosted.UpstreamReply): ProviderError {
  const code = errorBody.safeParse(reply.body).data?.error?.code;
  return hosted.httpFailure(reply.status, {
    moderated: MODERATION.test(code ?? ""),
    upstreamCode: code,
  });
}

const UPSTREAM_FAILED: ProviderError = {
  code: "upstream_failed",
  message: "The upstream failed to produce a video.",
  retryable: true,
};

function taskFailure(status: string, code: string | undefined): ProviderError {
  if (MODERATION.test(code ?? "")) return hosted.httpFailure(400, { moderated: true });
  if (status === "failed") return UPSTREAM_FAILED;
  return {
    ...UPSTREAM_FAILED,
    message: `The upstream task was ${status === "expired" ? "expired" : "cancelled"}.`,
  };
}

/**
 * The task's content items: the prompt as text (an image task may have none), then each frame
 * image as an `image_url` item with its role, the way Seedance takes first and last frames.
 */
async function contentOf(
  spec: GenerationSpec,
  loadImage: ImageLoader | undefined,
): Promise<Record<string, unknown>[]> {
  const frames = await frameDataUrls(spec, loadImage);
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
 * BytePlus ModelArk content-generation tasks. Seedance 2.0 rejects `camera_fixed`, so
 * `spec.cameraFixed` is dropped; the task id is Ark's own, so a fresh instance can poll it.
 */
export function createArkProvider(config: ArkConfig): VideoProvider {
  const tasks = `${config.baseUrl.replace(/\/+$/, "")}/api/v3/contents/generations/tasks`;
  const call = hosted.upstreamCaller(config, `Bearer ${config.apiKey}`);
  const taskUrl = (taskId: string) => `${tasks}/${encodeURIComponent(taskId)}`;

  return {
    name: "ark",
    honoursCameraFixed: false,

    async findSubmitted() {
      throw new ProviderFailure({
        code: "upstream_lookup_unsupported",
        message: "This upstream cannot look up a lost submit.",
        retryable: true,
      });
    },
    async submit(spec: GenerationSpec, _attempt: AttemptContext) {
      hosted.assertSupported(spec);
      const body = {
        model: config.models[spec.model],
        content: await contentOf(spec, config.loadImage),
        resolution: spec.resolution,
        ratio: spec.ratio,
        duration: spec.durationSeconds,
        // Omitted rather than -1 so Ark picks and reports the seed itself.
        ...(spec.seed !== null && spec.seed !== -1 ? { seed: spec.seed } : {}),
        generate_audio: spec.generateAudio,
        watermark: false,
      };
      const reply = await call(tasks, { method: "POST", body: JSON.stringify(body) });
      if (!reply.ok) throw new ProviderFailure(failureOf(reply));
      const created = createdBody.safeParse(reply.body);
      if (!created.success) throw hosted.unreadableReply("The upstream returned no task id.");
      return { taskId: created.data.id };
    },

    async poll(taskId): Promise<PollResult> {
      const reply = await call(taskUrl(taskId), { method: "GET" });
      if (reply.status === 404) return { state: "failed", error: hosted.TASK_LOST };
      if (!reply.ok) throw new ProviderFailure(failureOf(reply));
      const parsed = taskBody.safeParse(reply.body);
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
      // Ark only deletes queued tasks; a running one is left to finish and is simply not polled.
      const reply = await call(taskUrl(taskId), { method: "DELETE" }).catch(() => null);
      return reply?.ok ? "stopped" : "running";
    },
  };
}
