import { checkedDownload, httpFailure, upstreamFetch } from "@/lib/providers/http-errors";
import { type GenerationSpec, type ModelId, ProviderFailure, type VideoProvider } from "@/lib/providers/types";

export type FalConfig = { queueBaseUrl: string; apiKey: string; endpoints: Record<ModelId, string>; requestTimeoutMs: number; fetch?: typeof fetch };

/** What we keep of a queued request: the URLs fal returned (they drop the endpoint's sub-path). */
type FalTask = { request_id: string; status_url: string; response_url: string; cancel_url: string };

const encode = (t: FalTask) => `fal-${Buffer.from(JSON.stringify(t)).toString("base64url")}`;
function decode(taskId: string): FalTask {
  try {
    return JSON.parse(Buffer.from(taskId.replace(/^fal-/, ""), "base64url").toString("utf8")) as FalTask;
  } catch {
    throw new ProviderFailure({ code: "unknown_task", message: "Unknown upstream task.", retryable: false });
  }
}

/**
 * fal's queue API for Seedance 2.0 text-to-video. fal takes no seed and no camera_fixed: both
 * are dropped, and the seed fal reports back (if any) is recorded.
 */
export function createFalProvider(config: FalConfig): VideoProvider {
  const f = config.fetch ?? fetch;
  const headers = { authorization: `Key ${config.apiKey}`, "content-type": "application/json" };
  const fail = async (res: Response): Promise<never> => {
    const body = (await res.json().catch(() => ({}))) as { detail?: unknown };
    const moderated = /content|safety|nsfw|moderat/i.test(JSON.stringify(body.detail ?? ""));
    const hint = res.headers.get("x-fal-retryable");
    throw new ProviderFailure(httpFailure(res.status, undefined, moderated, hint === null ? undefined : hint === "true"));
  };
  return {
    name: "fal",
    async submit(spec: GenerationSpec) {
      if (spec.model === "alpha-2.0-fast" && spec.resolution === "1080p") {
        throw new ProviderFailure({ code: "unsupported_resolution", message: "alpha-fast does not render 1080p.", retryable: false });
      }
      const body = { prompt: spec.prompt, aspect_ratio: spec.ratio === "adaptive" ? "auto" : spec.ratio, resolution: spec.resolution, duration: String(spec.durationSeconds), generate_audio: spec.generateAudio };
      const url = `${config.queueBaseUrl.replace(/\/$/, "")}/${config.endpoints[spec.model]}`;
      const res = await upstreamFetch(f, url, { method: "POST", headers, body: JSON.stringify(body) }, config.requestTimeoutMs);
      if (!res.ok) return fail(res);
      const task = (await res.json()) as FalTask;
      if (!task.request_id || !task.status_url || !task.response_url) throw new ProviderFailure({ code: "upstream_error", message: "The upstream returned no request.", retryable: true });
      return { taskId: encode(task) };
    },
    async poll(taskId) {
      const task = decode(taskId);
      const res = await upstreamFetch(f, task.status_url, { headers }, config.requestTimeoutMs);
      if (!res.ok) return fail(res);
      const { status } = (await res.json()) as { status?: string };
      if (status !== "COMPLETED") return { state: "running" };
      const result = await upstreamFetch(f, task.response_url, { headers }, config.requestTimeoutMs);
      if (!result.ok) {
        const error = await fail(result).catch((e: ProviderFailure) => e);
        return { state: "failed", error: error.detail };
      }
      const body = (await result.json()) as { video?: { url?: string }; seed?: number };
      if (!body.video?.url) return { state: "failed", error: { code: "broken_video", message: "The upstream finished without a video.", retryable: true } };
      return { state: "succeeded", videoUrl: body.video.url, seed: body.seed ?? null, framesPerSecond: null };
    },
    download: (_taskId, videoUrl) => checkedDownload(f, videoUrl, config.requestTimeoutMs * 10),
    async cancel(taskId) {
      await upstreamFetch(f, decode(taskId).cancel_url, { method: "PUT", headers }, config.requestTimeoutMs).catch(() => undefined);
    },
  };
}
