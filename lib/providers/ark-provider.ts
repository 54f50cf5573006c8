import { checkedDownload, httpFailure, upstreamFetch } from "@/lib/providers/http-errors";
import { type GenerationSpec, type ModelId, ProviderFailure, type VideoProvider } from "@/lib/providers/types";

export type ArkConfig = { baseUrl: string; apiKey: string; models: Record<ModelId, string>; requestTimeoutMs: number; fetch?: typeof fetch };

type ArkTask = {
  id: string;
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "expired";
  content?: { video_url?: string };
  error?: { code?: string; message?: string } | null;
  seed?: number;
  framespersecond?: number;
};

const MODERATION = /Sensitive|Moderation|Risk/i;

/**
 * BytePlus ModelArk content-generation tasks. Seedance 2.0 rejects `camera_fixed`, so it is not
 * sent; the fast model has no 1080p.
 */
export function createArkProvider(config: ArkConfig): VideoProvider {
  const f = config.fetch ?? fetch;
  const tasks = `${config.baseUrl.replace(/\/$/, "")}/api/v3/contents/generations/tasks`;
  const headers = { authorization: `Bearer ${config.apiKey}`, "content-type": "application/json" };
  const fail = async (res: Response): Promise<never> => {
    const body = (await res.json().catch(() => ({}))) as { error?: { code?: string } };
    const code = body.error?.code;
    throw new ProviderFailure(httpFailure(res.status, code, MODERATION.test(code ?? ""), /RateLimit|Overloaded/i.test(code ?? "")));
  };
  return {
    name: "ark",
    async submit(spec: GenerationSpec) {
      if (spec.model === "alpha-2.0-fast" && spec.resolution === "1080p") {
        throw new ProviderFailure({ code: "unsupported_resolution", message: "alpha-fast does not render 1080p.", retryable: false });
      }
      const body = {
        model: config.models[spec.model],
        content: [{ type: "text", text: spec.prompt }],
        resolution: spec.resolution,
        ratio: spec.ratio,
        duration: spec.durationSeconds,
        ...(spec.seed !== null && spec.seed !== -1 ? { seed: spec.seed } : {}),
        generate_audio: spec.generateAudio,
        watermark: false,
      };
      const res = await upstreamFetch(f, tasks, { method: "POST", headers, body: JSON.stringify(body) }, config.requestTimeoutMs);
      if (!res.ok) return fail(res);
      const { id } = (await res.json()) as { id?: string };
      if (!id) throw new ProviderFailure({ code: "upstream_error", message: "The upstream returned no task id.", retryable: true });
      return { taskId: id };
    },
    async poll(taskId) {
      const res = await upstreamFetch(f, `${tasks}/${encodeURIComponent(taskId)}`, { headers }, config.requestTimeoutMs);
      if (!res.ok) return fail(res);
      const task = (await res.json()) as ArkTask;
      if (task.status === "queued" || task.status === "running") return { state: "running" };
      if (task.status === "succeeded" && task.content?.video_url) {
        return { state: "succeeded", videoUrl: task.content.video_url, seed: task.seed ?? null, framesPerSecond: task.framespersecond ?? null };
      }
      const code = task.error?.code;
      return { state: "failed", error: MODERATION.test(code ?? "") ? httpFailure(400, code, true) : { code: `upstream_${task.status}`, message: `The upstream task ended ${task.status}.`, retryable: true } };
    },
    download: (_taskId, videoUrl) => checkedDownload(f, videoUrl, config.requestTimeoutMs * 10),
    async cancel(taskId) {
      await upstreamFetch(f, `${tasks}/${encodeURIComponent(taskId)}`, { method: "DELETE", headers }, config.requestTimeoutMs).catch(() => undefined);
    },
  };
}
