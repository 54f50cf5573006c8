import { ApiError, createFalClient, type FalClient } from "@fal-ai/client";
import { z } from "zod";
import { checkedDownload } from "@/lib/jobs/providers/checked-download";
import { type FrameImageBytes, frameBlob, frameUrls } from "@/lib/jobs/providers/frame-urls";
import { FalReply, falTransport } from "@/lib/jobs/providers/fal-transport";
import { FAL_JWKS_URL, falWebhookVerifier } from "@/lib/jobs/providers/fal-webhook";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import {
  type AttemptContext,
  type CancelOutcome,
  type PollResult,
  ProviderFailure,
  type ProviderError,
  type VideoProvider,
} from "@/lib/jobs/providers/types";
import type { GenerationSpec, ModelId } from "@/lib/catalog";

export type FalConfig = hosted.UpstreamConfig & {
  /** fal's queue host (`https://queue.fal.run`), or a stand-in. */
  queueBaseUrl: string;
  /** fal's REST host, where uploads are initiated (`https://rest.fal.ai`), or a stand-in. */
  restBaseUrl?: string;
  /** Where fal publishes its webhook signing keys. */
  jwksUrl?: string;
  endpoints: Record<ModelId, string>;
};

const resultBody = z.object({
  video: z.object({ url: z.string().min(1) }).nullish(),
  seed: z.number().nullish(),
});
const statusBody = z.object({ status: z.string() });
const errorBody = z.object({ detail: z.unknown() }).nullish();
const requestIdBody = z.object({ request_id: z.string().min(1) });

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

/**
 * A fal failure as a payer-safe error. `onSubmit`: a 404 there means fal knows no such endpoint
 * (a misconfigured or withdrawn model), our account's problem rather than the job's.
 */
function failureOf(error: unknown, onSubmit = false): ProviderError {
  if (error instanceof ProviderFailure) return error.detail;
  let status: number;
  let headers = new Headers();
  let body: unknown;
  if (error instanceof FalReply) ({ status, headers, body } = error);
  else if (error instanceof ApiError) ({ status, body } = error);
  else return hosted.networkFailure(error);
  const detail = errorBody.safeParse(body).data?.detail;
  const hint = (headers.get("x-fal-retryable") ?? headers.get("x-fal-needs-retry"))
    ?.trim()
    .toLowerCase();
  return hosted.httpFailure(status, {
    moderated: moderated(detail),
    account: onSubmit && status === 404,
    retryable: hint === "true" ? true : hint === "false" ? false : undefined,
    upstreamCode: headers.get("x-fal-error-type") ?? undefined,
    retryAfterMs: hosted.retryAfterMs(headers),
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

/** `owner/alias` of an endpoint id: the queue's status, result and cancel URLs live under it. */
const appOf = (endpoint: string) => endpoint.split("/").slice(0, 2).join("/");

/** Task ids written before they were bare request ids: `fal.` + base64url JSON with request_id. */
function requestIdOf(taskId: string): string | null {
  if (!taskId.startsWith("fal.")) return /^[A-Za-z0-9-]{1,128}$/.test(taskId) ? taskId : null;
  try {
    const legacy = JSON.parse(Buffer.from(taskId.slice(4), "base64url").toString("utf8"));
    return requestIdBody.safeParse(legacy).data?.request_id ?? null;
  } catch {
    return null;
  }
}

/**
 * fal's queue (Seedance 2.0 text- and image-to-video) through the official @fal-ai/client.
 *
 * Inputs follow fal's Seedance 2.0 schemas (fal.ai/models/bytedance/seedance-2.0/text-to-video
 * and …/image-to-video, llms.txt): prompt, aspect_ratio (`auto`, 21:9 … 9:16), resolution,
 * duration as a string, generate_audio, seed, end_user_id; image_url and end_image_url on the
 * image endpoints. There is no camera_fixed, so it is never sent.
 *
 * A task id is fal's bare request_id, the one its webhooks name; the status, result and cancel
 * URLs are rebuilt from it under the configured endpoints' apps.
 */
export function createFalProvider(config: FalConfig): VideoProvider {
  const transport = falTransport({
    queueBaseUrl: config.queueBaseUrl,
    restBaseUrl: config.restBaseUrl ?? "https://rest.fal.ai",
    requestTimeoutMs: config.requestTimeoutMs,
    fetch: config.fetch,
  });
  const client: FalClient = createFalClient({
    credentials: config.apiKey,
    fetch: transport,
    suppressLocalCredentialsWarning: true,
  });
  const verifyWebhook = falWebhookVerifier({
    jwksUrl: config.jwksUrl ?? FAL_JWKS_URL,
    requestTimeoutMs: config.requestTimeoutMs,
    fetch: config.fetch,
  });
  const apps = [...new Set(Object.values(config.endpoints).map(appOf))];

  /** fal's storage upload (storage.ts: initiate on the REST host, then PUT to the signed URL). */
  const upload = async (image: FrameImageBytes): Promise<string> => {
    const blob = frameBlob(image);
    try {
      // Frames are a payer's pictures: fal keeps them only as long as a queued render needs.
      return await client.storage.upload(blob, { lifecycle: { expiresIn: "1d" } });
    } catch (error) {
      throw new ProviderFailure(failureOf(error));
    }
  };

  /** Runs one call against each app until one knows the request; null when none does. */
  const onApp = async <T>(call: (app: string) => Promise<T>) => {
    for (const app of apps) {
      try {
        return { app, value: await call(app) };
      } catch (error) {
        if (error instanceof FalReply && error.status === 404) continue;
        throw error;
      }
    }
    return null;
  };

  return {
    name: "fal",
    honoursCameraFixed: false,
    // fal's queue takes a start timeout, not a limit on how long a request may run.
    executionLimitSeconds: () => null,

    async findSubmitted() {
      // fal's queue API has no look-up by our tag, time or webhook; a lost submit stays unknown.
      throw new ProviderFailure({
        code: "upstream_lookup_unsupported",
        message: "This upstream cannot look up a lost submit.",
        retryable: true,
      });
    },

    async submit(spec: GenerationSpec, attempt: AttemptContext) {
      hosted.assertSupported(spec);
      const images = spec.images ?? null;
      const endpoint = images
        ? imageEndpoint(config.endpoints[spec.model])
        : config.endpoints[spec.model];
      const frames = await frameUrls(spec, config.loadImage, upload);
      const first = frames?.first ?? null;
      const last = frames?.last ?? null;
      const input = {
        // fal's image-to-video requires a prompt; a picture sent without one gets a neutral direction.
        prompt: spec.prompt || (first ? ANIMATE_PROMPT : spec.prompt),
        ...(first ? { image_url: first, ...(last ? { end_image_url: last } : {}) } : {}),
        // `auto` is fal's own name (and default) for letting Seedance choose the frame.
        aspect_ratio: spec.ratio === "adaptive" ? "auto" : spec.ratio,
        resolution: spec.resolution,
        duration: String(spec.durationSeconds),
        generate_audio: spec.generateAudio,
        ...(spec.seed !== null && spec.seed !== undefined ? { seed: spec.seed } : {}),
        // fal's per-end-user identifier on Seedance 2.0 inputs; a keyed hash, never the wallet.
        end_user_id: attempt.endUser,
      };
      try {
        const queued = await client.queue.submit(endpoint, {
          input,
          ...(attempt.callbackUrl ? { webhookUrl: attempt.callbackUrl } : {}),
        });
        const id = requestIdBody.safeParse(queued).data?.request_id;
        if (!id) throw hosted.unreadableReply("The upstream returned no usable request.");
        return { taskId: id };
      } catch (error) {
        throw new ProviderFailure(failureOf(error, true));
      }
    },

    async poll(taskId): Promise<PollResult> {
      const requestId = requestIdOf(taskId);
      if (!requestId) return { state: "failed", error: hosted.TASK_LOST };
      let found: { app: string; value: unknown } | null;
      try {
        found = await onApp((app) => client.queue.status(app, { requestId }));
      } catch (error) {
        throw new ProviderFailure(failureOf(error));
      }
      if (!found) return { state: "failed", error: hosted.TASK_LOST };
      // IN_QUEUE and IN_PROGRESS (sent with 202) and anything unknown: keep waiting.
      if (statusBody.safeParse(found.value).data?.status !== "COMPLETED")
        return { state: "running" };
      // A request that failed upstream shows up here, as an error reply on the result.
      try {
        const result = await client.queue.result(found.app, { requestId });
        const video = resultBody.safeParse(result.data).data;
        return hosted.finishedTask(video?.video?.url, video?.seed ?? null, null);
      } catch (error) {
        if (error instanceof FalReply && error.status === 404)
          return { state: "failed", error: hosted.TASK_LOST };
        if (error instanceof FalReply || error instanceof ApiError)
          return { state: "failed", error: failureOf(error) };
        throw new ProviderFailure(failureOf(error));
      }
    },

    download: (_taskId, videoUrl) =>
      checkedDownload(config.fetch ?? fetch, videoUrl, config.requestTimeoutMs),

    /**
     * fal's cancel (docs.fal.ai, Queue › Cancel a request): a queued request is removed; one in
     * progress only gets a signal its app may ignore; an ended one answers 400
     * ALREADY_COMPLETED. The accepted answer does not say which happened, so the status is read
     * back: only COMPLETED (dropped, or ended) counts as stopped.
     */
    async cancel(taskId): Promise<CancelOutcome> {
      const requestId = requestIdOf(taskId);
      if (!requestId) return "running";
      try {
        const cancelled = await onApp((app) =>
          client.queue.cancel(app, { requestId }).then(() => app),
        );
        if (!cancelled) return "running";
        const status = await client.queue.status(cancelled.app, { requestId });
        return statusBody.safeParse(status).data?.status === "COMPLETED" ? "stopped" : "running";
      } catch (error) {
        const ended =
          error instanceof FalReply &&
          error.status === 400 &&
          statusBody.safeParse(error.body).data?.status === "ALREADY_COMPLETED";
        return ended ? "stopped" : "running";
      }
    },

    async readCallback({ headers, body }) {
      const requestId = await verifyWebhook(headers, body);
      return requestId ? { taskId: requestId } : null;
    },
  };
}
