import Replicate, { validateWebhook } from "replicate";
import { z } from "zod";
import type { GenerationSpec, ModelId } from "@/lib/catalog";
import { checkedDownload } from "@/lib/jobs/providers/checked-download";
import * as hosted from "@/lib/jobs/providers/hosted-upstream";
import { frameUrls } from "@/lib/jobs/providers/frame-urls";
import { replicateFrameUrl, uploadFile } from "@/lib/jobs/providers/replicate-frame-inputs";
import { onceFetch } from "@/lib/jobs/providers/replicate-once-fetch";
import {
  type AttemptContext,
  type CallbackInput,
  type PollResult,
  ProviderFailure,
  type ProviderError,
  type VideoProvider,
} from "@/lib/jobs/providers/types";

export type ReplicateConfig = hosted.UpstreamConfig & {
  /** The API's origin, without `/v1`. */
  baseUrl: string;
  /** Official models as `owner/name`, run through POST /v1/models/{owner}/{name}/predictions. */
  models: Record<ModelId, string>;
  /** The account's webhook signing secret (`whsec_…`); unset: read once from the API. */
  webhookSecret?: string;
};

/** Replicate's errors are problem details (RFC 7807): `title`, `detail`, `status`, `invalid_fields`. */
const problemBody = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    invalid_fields: z.array(z.object({ type: z.string().optional() })).optional(),
  })
  .nullish();

const prediction = z.object({
  id: z.string().min(1),
  status: z.string(),
  model: z.string().optional(),
  input: z.record(z.string(), z.unknown()).nullish(),
  // The Seedance models' output schema is one URI; a list is taken too, its first item the video.
  output: z.union([z.string(), z.array(z.string())]).nullish(),
  error: z.unknown().optional(),
  webhook: z.string().nullish(),
});
type Prediction = z.infer<typeof prediction>;

const predictionPage = z.object({
  results: z.array(prediction),
  next: z.string().nullish(),
});

const webhookSecret = z.object({ key: z.string().min(1) });

/**
 * Prediction ids are short lowercase base32 strings; anything else never reaches a URL path
 * (the client interpolates ids into paths unescaped).
 */
const PREDICTION_ID = /^[a-z0-9]{1,64}$/;

/**
 * Replicate's moderation failure (error code E005, "The input or output was flagged as
 * sensitive"), and the NSFW wording some models use. Only the error text is looked at.
 */
const MODERATION = /flagged as sensitive|\bE005\b|nsfw|content polic|sensitive content/i;

/** Standard Webhooks' default tolerance for a signature's timestamp (both directions). */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** How far a lost create is looked for before the attempt's start, for clock skew. */
const LOOKUP_SKEW_MS = 60_000;
const LOOKUP_MAX_PAGES = 20;

const UPSTREAM_FAILED: ProviderError = {
  code: "upstream_failed",
  message: "The upstream failed to produce a video.",
  retryable: true,
};

const LOOKUP_UNSURE: ProviderError = {
  code: "upstream_lookup_failed",
  message: "The upstream's predictions could not be searched for a lost submit.",
  retryable: true,
};

type ApiErrorLike = { response: Response };
const isApiError = (error: unknown): error is ApiErrorLike =>
  typeof error === "object" &&
  error !== null &&
  "response" in error &&
  (error as ApiErrorLike).response instanceof Response;

function errorText(error: unknown): string {
  if (typeof error === "string") return error;
  if (error && typeof error === "object" && "message" in error)
    return String((error as { message: unknown }).message);
  return "";
}

function predictionFailure(p: Prediction): ProviderError {
  if (MODERATION.test(errorText(p.error))) return hosted.httpFailure(400, { moderated: true });
  if (p.status === "failed") return UPSTREAM_FAILED;
  // `aborted`: a deadline (Cancel-After) passed before the prediction started; `canceled`: it
  // was cancelled, by us or by the deadline, while running.
  return {
    ...UPSTREAM_FAILED,
    message: `The upstream task was ${p.status === "aborted" ? "aborted" : "cancelled"}.`,
  };
}

function outputUrl(output: Prediction["output"]): string | null {
  if (typeof output === "string") return output;
  return output?.[0] ?? null;
}

/** Cancel-After takes a duration such as `1m` (changelog 2025-10-16, "Set deadlines for predictions"). */
export function cancelAfter(seconds: number): string {
  return `${Math.max(1, Math.ceil(seconds / 60))}m`;
}

/**
 * The model input, as the Seedance 2.0 models on Replicate take it (bytedance/seedance-2.0 and
 * bytedance/seedance-2.0-fast, "API" tab): prompt, image (first frame), last_frame_image,
 * duration, resolution, aspect_ratio (`adaptive` included), generate_audio, seed. Their schema
 * has no camera_fixed, so it is never sent; the seed is omitted when the model should pick it.
 */
function modelInput(spec: GenerationSpec, frames: Record<string, string> | null) {
  return {
    ...(spec.prompt ? { prompt: spec.prompt } : {}),
    ...(frames ?? {}),
    duration: spec.durationSeconds,
    resolution: spec.resolution,
    aspect_ratio: spec.ratio,
    generate_audio: spec.generateAudio,
    ...(spec.seed !== null && spec.seed !== -1 ? { seed: spec.seed } : {}),
  };
}

/**
 * Replicate, running ByteDance's official Seedance 2.0 models through the `replicate` client.
 * Replicate documents no end-user or safety identifier on predictions, so the payer's hash is
 * not sent. The task id is Replicate's prediction id, so a fresh instance can poll it.
 */
export function createReplicateProvider(config: ReplicateConfig): VideoProvider {
  const base = config.baseUrl.replace(/\/+$/, "");
  const apiOrigin = new URL(base).origin;
  const transport = onceFetch(config.fetch ?? fetch);
  const client = new Replicate({
    auth: config.apiKey,
    baseUrl: `${base}/v1`,
    fetch: transport.fetch,
    useFileOutput: false,
  });
  const deadline = () => AbortSignal.timeout(config.requestTimeoutMs);
  const ourModels = new Set(Object.values(config.models));

  /** A thrown client error as a payer-safe error; `created` says whether work may have started upstream. */
  function failureOf(
    error: unknown,
    opts: { created: boolean; model?: boolean } = { created: false },
  ): ProviderError {
    if (error instanceof ProviderFailure) return error.detail;
    if (!isApiError(error)) {
      const network = hosted.networkFailure(error);
      if (opts.created) return network;
      const { outcomeUnknown: _, ...rest } = network;
      return rest;
    }
    const { status, headers } = error.response;
    let body: unknown = null;
    try {
      body = JSON.parse(transport.bodyOf(error.response) ?? "");
    } catch {
      body = null;
    }
    const problem = problemBody.safeParse(body).data;
    return hosted.httpFailure(status, {
      moderated: MODERATION.test(`${problem?.title ?? ""} ${problem?.detail ?? ""}`),
      upstreamCode: problem?.invalid_fields?.[0]?.type,
      // On a model's predictions route, 404 means the model is unknown to our account.
      account: opts.model === true && status === 404,
      retryAfterMs: hosted.retryAfterMs(headers),
    });
  }

  let secret: Promise<string> | null = config.webhookSecret
    ? Promise.resolve(config.webhookSecret)
    : null;
  const signingSecret = () => {
    secret ??= client.webhooks.default.secret
      .get({ signal: deadline() })
      .then((reply) => webhookSecret.parse(reply).key);
    // A failed read is not cached: the next callback asks again.
    secret.catch(() => {
      secret = null;
    });
    return secret;
  };

  async function getPrediction(taskId: string): Promise<Prediction | null> {
    const reply = await client.predictions.get(taskId, { signal: deadline() }).catch((error) => {
      if (isApiError(error) && error.response.status === 404) return null;
      throw new ProviderFailure(failureOf(error));
    });
    if (reply === null) return null;
    const parsed = prediction.safeParse(reply);
    if (!parsed.success)
      throw hosted.unreadableReply("The upstream sent an unreadable prediction.");
    return parsed.data;
  }

  return {
    name: "replicate",
    honoursCameraFixed: false,
    // Cancel-After takes whole minutes.
    executionLimitSeconds: (seconds: number) => Math.max(1, Math.ceil(seconds / 60)) * 60,

    async submit(spec: GenerationSpec, attempt: AttemptContext) {
      hosted.assertSupported(spec);
      let frames: Record<string, string> | null;
      try {
        const urls = await frameUrls(
          spec,
          config.loadImage,
          replicateFrameUrl((blob) => uploadFile(client, blob, deadline())),
        );
        frames = urls
          ? { image: urls.first, ...(urls.last ? { last_frame_image: urls.last } : {}) }
          : null;
      } catch (error) {
        throw new ProviderFailure(failureOf(error));
      }
      const model = config.models[spec.model];
      const body = {
        input: modelInput(spec, frames),
        // The webhook URL names the attempt, which is how a lost create is found again.
        ...(attempt.callbackUrl
          ? { webhook: attempt.callbackUrl, webhook_events_filter: ["completed"] }
          : {}),
      };
      let reply: unknown;
      try {
        // Through `request` rather than `predictions.create`, which sends no custom headers:
        // Cancel-After stops (and stops billing) a prediction the engine has given up on.
        const res = await client.request(`/models/${model}/predictions`, {
          method: "POST",
          headers: { "Cancel-After": cancelAfter(attempt.executionLimitSeconds) },
          data: body,
          signal: deadline(),
        });
        reply = await res.json();
      } catch (error) {
        throw new ProviderFailure(failureOf(error, { created: true, model: true }));
      }
      const created = prediction.safeParse(reply);
      if (!created.success || !PREDICTION_ID.test(created.data.id))
        throw hosted.unreadableReply("The upstream returned no prediction id.");
      return { taskId: created.data.id };
    },

    async findSubmitted(attempt: AttemptContext) {
      // Predictions carry no tag of ours but the webhook URL, which names the attempt.
      if (!attempt.callbackUrl) throw new ProviderFailure(LOOKUP_UNSURE);
      const since = new Date(attempt.startedAt.getTime() - LOOKUP_SKEW_MS).toISOString();
      let url: URL | null = new URL(`${base}/v1/predictions`);
      url.searchParams.set("created_after", since);
      for (let page = 0; url && page < LOOKUP_MAX_PAGES; page++) {
        let reply: unknown;
        try {
          reply = await (await client.request(url, { method: "GET", signal: deadline() })).json();
        } catch (error) {
          throw new ProviderFailure({ ...failureOf(error), code: LOOKUP_UNSURE.code });
        }
        const parsed = predictionPage.safeParse(reply);
        if (!parsed.success) throw new ProviderFailure(LOOKUP_UNSURE);
        for (const p of parsed.data.results) {
          if (p.webhook === attempt.callbackUrl && PREDICTION_ID.test(p.id))
            return { taskId: p.id };
          // A prediction of our models that does not show its webhook could be the lost one.
          if (p.webhook === undefined && (!p.model || ourModels.has(p.model)))
            throw new ProviderFailure(LOOKUP_UNSURE);
        }
        const next = parsed.data.next;
        if (!next) return null;
        // The token goes only to the configured API, whatever a page's `next` names.
        url = new URL(next, base);
        if (url.origin !== apiOrigin) throw new ProviderFailure(LOOKUP_UNSURE);
      }
      // More pages than looked at: the answer is not proven.
      throw new ProviderFailure(LOOKUP_UNSURE);
    },

    async poll(taskId): Promise<PollResult> {
      if (!PREDICTION_ID.test(taskId)) return { state: "failed", error: hosted.TASK_LOST };
      const p = await getPrediction(taskId);
      if (!p) return { state: "failed", error: hosted.TASK_LOST };
      switch (p.status) {
        case "succeeded": {
          const seed = p.input?.seed;
          return hosted.finishedTask(
            outputUrl(p.output),
            typeof seed === "number" ? seed : null,
            null,
          );
        }
        case "failed":
        case "canceled":
        case "aborted":
          return { state: "failed", error: predictionFailure(p) };
        default:
          // starting, processing, or a state added later: the attempt deadline bounds the wait.
          return { state: "running" };
      }
    },

    download: (_taskId, videoUrl) =>
      checkedDownload(config.fetch ?? fetch, videoUrl, config.requestTimeoutMs),

    async cancel(taskId) {
      if (!PREDICTION_ID.test(taskId)) return "running";
      try {
        const reply = prediction.safeParse(
          await client.predictions.cancel(taskId, { signal: deadline() }),
        );
        // Replicate answers with the prediction: stopped once it says canceled or had ended.
        const status = reply.data?.status;
        return status === "canceled" ||
          status === "aborted" ||
          status === "succeeded" ||
          status === "failed"
          ? "stopped"
          : "running";
      } catch {
        return "running";
      }
    },

    async readCallback({ headers, body }: CallbackInput) {
      // Standard Webhooks: webhook-id, webhook-timestamp (seconds), webhook-signature
      // (replicate.com/docs/topics/webhooks/verify-webhook). The client checks the signature
      // but not the timestamp's age, so a replayed delivery is refused here.
      const timestamp = Number(headers.get("webhook-timestamp"));
      if (!Number.isInteger(timestamp)) return null;
      if (Math.abs(Date.now() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return null;
      try {
        const valid = await validateWebhook(
          {
            id: headers.get("webhook-id") ?? "",
            timestamp: String(timestamp),
            signature: headers.get("webhook-signature") ?? "",
            body,
            secret: await signingSecret(),
          },
          // Web Crypto, as the client takes it (the global of Node and every edge runtime).
          crypto,
        );
        if (!valid) return null;
        const id = prediction.pick({ id: true }).safeParse(JSON.parse(body)).data?.id;
        return id && PREDICTION_ID.test(id) ? { taskId: id } : null;
      } catch {
        return null;
      }
    },
  };
}
