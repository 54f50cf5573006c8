import { z } from "zod";
import { checkedDownload } from "@/lib/jobs/providers/checked-download";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import { frameDataUrls } from "@/lib/jobs/providers/frame-data-urls";
import {
  type AttemptContext,
  ProviderFailure,
  type ProviderError,
  type PollResult,
  type VideoProvider,
} from "@/lib/jobs/providers/types";
import type { GenerationSpec, ModelId } from "@/lib/catalog";

export type FalConfig = hosted.UpstreamConfig & {
  queueBaseUrl: string;
  endpoints: Record<ModelId, string>;
};

/**
 * What a queued request needs after a restart. fal's returned URLs drop the endpoint's sub-path
 * (`fal-ai/bytedance/requests/…`), so they are kept as given rather than rebuilt.
 */
const falTask = z.object({
  request_id: z.string().min(1),
  status_url: z.url(),
  response_url: z.url(),
  cancel_url: z.url(),
});
type FalTask = z.infer<typeof falTask>;

const statusBody = z.object({ status: z.string() });
const resultBody = z.object({
  video: z.object({ url: z.string().min(1) }).nullish(),
  seed: z.number().nullish(),
});
const errorBody = z.object({ detail: z.unknown() }).nullish();

const PREFIX = "fal.";
const encodeTask = (task: FalTask) =>
  PREFIX + Buffer.from(JSON.stringify(task)).toString("base64url");

/** fal marks moderation refusals with `type: "content_policy_violation"` in `detail`. */
const MODERATION = /content_policy|policy_violation|nsfw/i;

/** Only the error types are looked at: `detail` items may echo the prompt back. */
function moderated(detail: unknown): boolean {
  if (typeof detail === "string") return MODERATION.test(detail);
  return (
    Array.isArray(detail) &&
    detail.some((item) => MODERATION.test(String((item as { type?: unknown } | null)?.type ?? "")))
  );
}

function failureOf(reply: hosted.UpstreamReply): ProviderError {
  const detail = errorBody.safeParse(reply.body).data?.detail;
  const hint = (reply.headers.get("x-fal-retryable") ?? reply.headers.get("x-fal-needs-retry"))
    ?.trim()
    .toLowerCase();
  return hosted.httpFailure(reply.status, {
    moderated: moderated(detail),
    retryable: hint === "true" ? true : hint === "false" ? false : undefined,
    upstreamCode: reply.headers.get("x-fal-error-type") ?? undefined,
  });
}

const ANIMATE_PROMPT = "Bring this image to life with natural, gentle motion.";

/**
 * fal names Seedance's image-to-video endpoint beside the text one (`…/text-to-video` →
 * `…/image-to-video`, also under `fast/`); a configured endpoint of another shape has no
 * known image twin, so the attempt fails over.
 */
function imageEndpoint(textEndpoint: string): string {
  if (!/\/text-to-video$/.test(textEndpoint)) {
    throw new ProviderFailure({
      code: "unsupported_input",
      message: "This upstream endpoint does not animate images.",
      retryable: true,
    });
  }
  return textEndpoint.replace(/\/text-to-video$/, "/image-to-video");
}

/**
 * fal's queue API (Seedance 2.0 text-to-video and image-to-video). fal takes no seed and no camera_fixed: both are
 * dropped, and the seed fal reports back (if any) is what the job records. `adaptive` has no
 * text-to-video equivalent on fal, so it becomes 16:9 as on the local renderer.
 */
export function createFalProvider(config: FalConfig): VideoProvider {
  const base = config.queueBaseUrl.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const call = hosted.upstreamCaller(config, `Key ${config.apiKey}`);

  // The key goes only to the configured queue host, whatever a task id or a reply claims.
  const onQueueHost = (task: FalTask) =>
    [task.status_url, task.response_url, task.cancel_url].every(
      (u) => new URL(u).origin === origin,
    );
  const decodeTask = (taskId: string): FalTask | null => {
    if (!taskId.startsWith(PREFIX)) return null;
    try {
      const parsed = falTask.safeParse(
        JSON.parse(Buffer.from(taskId.slice(PREFIX.length), "base64url").toString("utf8")),
      );
      return parsed.success && onQueueHost(parsed.data) ? parsed.data : null;
    } catch {
      return null;
    }
  };

  return {
    name: "fal",
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
      const frames = await frameDataUrls(spec, config.loadImage);
      const body = {
        // fal's image-to-video requires a prompt; a picture sent without one gets a neutral direction.
        prompt: spec.prompt || (frames ? ANIMATE_PROMPT : spec.prompt),
        ...(frames
          ? { image_url: frames.first, ...(frames.last ? { end_image_url: frames.last } : {}) }
          : {}),
        aspect_ratio: spec.ratio === "adaptive" ? "16:9" : spec.ratio,
        resolution: spec.resolution,
        duration: String(spec.durationSeconds),
        generate_audio: spec.generateAudio,
      };
      const endpoint = frames
        ? imageEndpoint(config.endpoints[spec.model])
        : config.endpoints[spec.model];
      const reply = await call(`${base}/${endpoint}`, {
        method: "POST",
        body: JSON.stringify(body),
      });
      if (!reply.ok) throw new ProviderFailure(failureOf(reply));
      const task = falTask.safeParse(reply.body);
      if (!task.success || !onQueueHost(task.data)) {
        throw hosted.unreadableReply("The upstream returned no usable request.");
      }
      const { request_id, status_url, response_url, cancel_url } = task.data;
      return { taskId: encodeTask({ request_id, status_url, response_url, cancel_url }) };
    },

    async poll(taskId): Promise<PollResult> {
      const task = decodeTask(taskId);
      if (!task) return { state: "failed", error: hosted.TASK_LOST };
      const status = await call(task.status_url, { method: "GET" });
      if (status.status === 404) return { state: "failed", error: hosted.TASK_LOST };
      if (!status.ok) throw new ProviderFailure(failureOf(status));
      // IN_QUEUE and IN_PROGRESS (sent with 202) and anything unknown: keep waiting.
      if (statusBody.safeParse(status.body).data?.status !== "COMPLETED")
        return { state: "running" };

      // A request that failed upstream shows up here, as an error reply on the result.
      const result = await call(task.response_url, { method: "GET" });
      if (!result.ok) return { state: "failed", error: failureOf(result) };
      const video = resultBody.safeParse(result.body).data;
      return hosted.finishedTask(video?.video?.url, video?.seed ?? null, null);
    },

    download: (_taskId, videoUrl) =>
      checkedDownload(config.fetch ?? fetch, videoUrl, config.requestTimeoutMs),

    async cancel(taskId) {
      const task = decodeTask(taskId);
      if (!task) return "running";
      const reply = await call(task.cancel_url, { method: "PUT" }).catch(() => null);
      return reply?.ok ? "stopped" : "running";
    },
  };
}
