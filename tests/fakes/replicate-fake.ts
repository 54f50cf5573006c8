import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { json, type RecordedRequest, startFakeServer } from "./fake-server";
import { imageUrlProblem } from "./image-input";
import type { UpstreamFake, UpstreamFakeOptions, UpstreamJob } from "./upstream-fake";
import { upstreamBasics } from "./upstream-fake";

/** Faults injectable per prediction, consumed in order by the next creates. */
export type ReplicateFault =
  | "submit_500"
  | "submit_429"
  | "submit_402"
  | "submit_403"
  | "submit_hang"
  /** The prediction is created, then the answer never arrives. */
  | "submit_lost"
  | "task_hang"
  | "task_failed"
  | "moderation"
  /** Cancel is accepted but the prediction is still processing when the answer is sent. */
  | "cancel_pending"
  | "video_html"
  | "video_truncated"
  | "video_short"
  | "video_stall";

export type ReplicateFakeOptions = UpstreamFakeOptions & {
  /** Official models the account may run (`owner/name`). */
  models?: string[];
  /** Predictions per page of GET /v1/predictions (Replicate's is 100). */
  pageSize?: number;
  /** Leave `webhook` out of listed predictions (as an older API shape might). */
  listOmitsWebhook?: boolean;
  /** Origin that pages' `next` links name (default: the fake's own). */
  listNextOrigin?: string;
};

export type ReplicateFakePrediction = UpstreamJob<ReplicateFault> & {
  model: string;
  input: Record<string, unknown>;
  webhook: string | null;
  events: string[] | null;
  createdAt: string;
  completedAt: string | null;
  deadline: string | null;
  error: string | null;
};

/** A webhook the fake sent: Standard Webhooks headers and the raw body. */
export type WebhookDelivery = { url: string; headers: Headers; body: string };

export type ReplicateFake = UpstreamFake<ReplicateFault> & {
  predictions: Map<string, ReplicateFakePrediction>;
  files: Map<string, { contentType: string; size: number }>;
  webhookSecret: string;
  deliveries: WebhookDelivery[];
  /** Signs a body as Replicate does, for tests that forge or replay deliveries. */
  sign(id: string, timestamp: number, body: string, secret?: string): string;
};

const MODEL_ROUTE = /^\/v1\/models\/([^/]+)\/([^/]+)\/predictions$/;
const PREDICTION_ROUTE = /^\/v1\/predictions\/([^/]+)(\/cancel)?$/;

const problem = (
  res: ServerResponse,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    { title, detail, status, ...extra },
    { "content-type": "application/problem+json", ...headers },
  );

type InvalidField = { type: string; field: string; description: string };

const RATIOS = ["16:9", "4:3", "1:1", "3:4", "9:16", "21:9", "adaptive"];
const EVENTS = new Set(["start", "output", "logs", "completed"]);
const TOP_LEVEL = new Set(["input", "webhook", "webhook_events_filter", "stream"]);
/** Replicate documents data URLs for small files (<= 256 kB); larger ones go through /v1/files. */
const DATA_URL_MAX_BYTES = 256 * 1024;

/**
 * The Seedance 2.0 input schema on Replicate (bytedance/seedance-2.0 and -fast, "API" tab). The
 * fast model's resolutions follow the service's rule that the fast model renders at most 720p.
 */
function inputProblems(
  input: Record<string, unknown>,
  fast: boolean,
  fileOk: (url: string) => string | null,
): InvalidField[] {
  const out: InvalidField[] = [];
  const bad = (type: string, field: string, description: string) =>
    out.push({ type, field: `input.${field}`, description });
  const schema: Record<string, (v: unknown) => string | null> = {
    prompt: (v) => (typeof v === "string" ? null : "Invalid type. Expected: string"),
    image: (v) => fileOk(String(v)) ?? (typeof v === "string" ? null : "Expected: string"),
    last_frame_image: (v) =>
      fileOk(String(v)) ?? (typeof v === "string" ? null : "Expected: string"),
    reference_images: (v) => (Array.isArray(v) ? null : "Invalid type. Expected: array"),
    reference_videos: (v) => (Array.isArray(v) ? null : "Invalid type. Expected: array"),
    reference_audios: (v) => (Array.isArray(v) ? null : "Invalid type. Expected: array"),
    duration: (v) =>
      Number.isInteger(v) && (v as number) >= -1 && (v as number) <= 15
        ? null
        : "Must be an integer between -1 and 15",
    resolution: (v) => {
      const allowed = fast ? ["480p", "720p"] : ["480p", "720p", "1080p"];
      return allowed.includes(String(v)) ? null : `Must be one of: ${allowed.join(", ")}`;
    },
    aspect_ratio: (v) =>
      RATIOS.includes(String(v)) ? null : `Must be one of: ${RATIOS.join(", ")}`,
    generate_audio: (v) => (typeof v === "boolean" ? null : "Invalid type. Expected: boolean"),
    seed: (v) => (Number.isInteger(v) ? null : "Invalid type. Expected: integer"),
  };
  for (const [key, value] of Object.entries(input)) {
    const check = schema[key];
    if (!check) {
      bad("additional_property_not_allowed", key, `Additional property ${key} is not allowed`);
      continue;
    }
    const problemText = check(value);
    if (problemText) bad("invalid", key, `${key}: ${problemText}`);
  }
  return out;
}

/** A Replicate HTTP API on 127.0.0.1 serving the official Seedance 2.0 models. */
export async function startReplicateFake(opts: ReplicateFakeOptions = {}): Promise<ReplicateFake> {
  const { apiKey, faults, video, countPoll, serveJobVideo } = await upstreamBasics<ReplicateFault>(
    opts,
    "r8_test_token",
  );
  const models = new Set(opts.models ?? ["bytedance/seedance-2.0", "bytedance/seedance-2.0-fast"]);
  const predictions = new Map<string, ReplicateFakePrediction>();
  const files = new Map<string, { contentType: string; size: number }>();
  const deliveries: WebhookDelivery[] = [];
  const webhookSecret = `whsec_${randomBytes(32).toString("base64")}`;

  const sign = (id: string, timestamp: number, body: string, secret = webhookSecret) => {
    const key = Buffer.from(secret.split("_").pop() ?? "", "base64");
    const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
    return `v1,${mac}`;
  };

  const view = (p: ReplicateFakePrediction, url: string, withWebhook = true) => ({
    id: p.id,
    model: p.model,
    version: "hidden",
    input: p.input,
    logs: p.status === "starting" ? "" : "Generating video…\n",
    output: p.status === "succeeded" ? `${url}/delivery/${p.id}/output.mp4` : null,
    data_removed: false,
    error: p.error,
    source: "api",
    status: p.status,
    created_at: p.createdAt,
    started_at: p.status === "starting" ? null : p.createdAt,
    completed_at: p.completedAt,
    ...(p.deadline ? { deadline: p.deadline } : {}),
    ...(withWebhook ? { webhook: p.webhook, webhook_events_filter: p.events } : {}),
    urls: {
      get: `${url}/v1/predictions/${p.id}`,
      cancel: `${url}/v1/predictions/${p.id}/cancel`,
      web: `https://replicate.com/p/${p.id}`,
    },
    metrics: p.status === "succeeded" ? { predict_time: 41.2, total_time: 43.9 } : {},
  });

  /** Ends a prediction and, when it asked for the `completed` event, signs and sends the webhook. */
  const finish = (
    p: ReplicateFakePrediction,
    status: string,
    error: string | null,
    url: string,
  ) => {
    p.status = status;
    p.error = error;
    p.completedAt = new Date().toISOString();
    if (!p.webhook || (p.events && !p.events.includes("completed"))) return;
    const body = JSON.stringify(view(p, url));
    const id = `msg_${randomUUID().replace(/-/g, "")}`;
    const timestamp = Math.floor(Date.now() / 1000);
    deliveries.push({
      url: p.webhook,
      body,
      headers: new Headers({
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": sign(id, timestamp, body),
      }),
    });
  };

  const fileOk = (url: string) => (value: string) => {
    if (value.startsWith(`${url}/v1/files/`)) {
      const file = files.get(value.slice(`${url}/v1/files/`.length));
      if (!file) return "file not found";
      return file.contentType.startsWith("image/") ? null : "file is not an image";
    }
    if (value.startsWith("data:")) {
      const bytes = Buffer.from(value.slice(value.indexOf(",") + 1), "base64").length;
      if (bytes > DATA_URL_MAX_BYTES) return "data URLs are for files of 256 kB or less";
    }
    return imageUrlProblem(value);
  };

  const create = (req: RecordedRequest, res: ServerResponse, model: string, url: string) => {
    if (!models.has(model))
      return problem(res, 404, "Not found", "The requested resource could not be found.");
    const fault = faults.take();
    if (fault === "submit_hang") return false;
    if (fault === "submit_500")
      return problem(res, 500, "Internal server error", "Something went wrong.");
    if (fault === "submit_429")
      return problem(
        res,
        429,
        "Request was throttled.",
        "Request was throttled. Expected available in 7 seconds.",
        {},
        { "retry-after": "7" },
      );
    if (fault === "submit_402")
      return problem(
        res,
        402,
        "Insufficient credit",
        "You have insufficient credit to run this model. Go to https://replicate.com/account/billing to purchase credit.",
      );
    if (fault === "submit_403")
      return problem(res, 403, "Forbidden", "You do not have permission to run this model.");

    const body = (req.body ?? null) as Record<string, unknown> | null;
    const invalid: InvalidField[] = [];
    if (!body || typeof body !== "object")
      return problem(res, 400, "Bad request", "The request body is not valid JSON.");
    for (const key of Object.keys(body))
      if (!TOP_LEVEL.has(key))
        invalid.push({
          type: "additional_property_not_allowed",
          field: "",
          description: `Additional property ${key} is not allowed`,
        });
    const input = body.input as Record<string, unknown> | undefined;
    if (!input || typeof input !== "object" || Array.isArray(input))
      invalid.push({ type: "required", field: "", description: "input is required" });
    else invalid.push(...inputProblems(input, model.endsWith("-fast"), fileOk(url)));
    const webhook = body.webhook;
    if (webhook !== undefined && (typeof webhook !== "string" || !webhook.startsWith("https://")))
      invalid.push({
        type: "format",
        field: "webhook",
        description: "webhook must be an HTTPS URL",
      });
    const events = body.webhook_events_filter;
    if (
      events !== undefined &&
      (!Array.isArray(events) || !events.every((e) => EVENTS.has(String(e))))
    )
      invalid.push({
        type: "enum",
        field: "webhook_events_filter",
        description: "webhook_events_filter items must be start, output, logs or completed",
      });
    if (invalid.length > 0)
      return problem(
        res,
        422,
        "Input validation failed",
        invalid.map((f) => `- ${f.field || "(root)"}: ${f.description}`).join("\n"),
        { invalid_fields: invalid },
      );

    const cancelAfter = req.headers["cancel-after"];
    let deadline: string | null = null;
    if (cancelAfter !== undefined) {
      const match = /^(\d+)(s|m|h)$/.exec(cancelAfter);
      if (!match)
        return problem(res, 400, "Bad request", "Cancel-After must be a duration such as 1m.");
      const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as "s" | "m" | "h"];
      deadline = new Date(Date.now() + Number(match[1]) * unit).toISOString();
    }

    const id = randomBytes(13).toString("hex");
    const p: ReplicateFakePrediction = {
      id,
      body,
      fault,
      polls: 0,
      status: "starting",
      model,
      input: input as Record<string, unknown>,
      webhook: (webhook as string | undefined) ?? null,
      events: (events as string[] | undefined) ?? null,
      createdAt: new Date().toISOString(),
      completedAt: null,
      deadline,
      error: null,
    };
    predictions.set(id, p);
    // Rules of the model itself (not expressible in the JSON schema) fail the prediction.
    const i = p.input;
    if (i.last_frame_image !== undefined && i.image === undefined)
      finish(p, "failed", "last_frame_image requires image (a first frame).", url);
    else if (!i.prompt && i.image === undefined)
      finish(p, "failed", "A prompt or an image is required.", url);
    if (fault === "submit_lost") return false;
    return json(res, 201, view(p, url));
  };

  const list = (req: RecordedRequest, res: ServerResponse, url: string) => {
    const query = new URL(req.path, url).searchParams;
    const after = query.get("created_after");
    const since = after ? Date.parse(after) : Number.NEGATIVE_INFINITY;
    if (Number.isNaN(since))
      return problem(res, 400, "Bad request", "created_after must be an ISO 8601 date-time.");
    const all = [...predictions.values()]
      .filter((p) => Date.parse(p.createdAt) >= since)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const size = opts.pageSize ?? 100;
    const offset = Number(query.get("cursor") ?? 0);
    const page = all.slice(offset, offset + size);
    let next: string | null = null;
    if (offset + size < all.length) {
      const link = new URL("/v1/predictions", opts.listNextOrigin ?? url);
      if (after) link.searchParams.set("created_after", after);
      link.searchParams.set("cursor", String(offset + size));
      next = link.toString();
    }
    return json(res, 200, {
      previous: null,
      next,
      results: page.map((p) => view(p, url, !opts.listOmitsWebhook)),
    });
  };

  const upload = (req: RecordedRequest, res: ServerResponse) => {
    const type = req.headers["content-type"] ?? "";
    const boundary = /boundary=(.+)$/.exec(type)?.[1];
    const text = typeof req.body === "string" ? req.body : "";
    if (!type.startsWith("multipart/form-data") || !boundary)
      return problem(res, 400, "Bad request", "Expected a multipart/form-data body.");
    const part = text
      .split(`--${boundary}`)
      .find((p) => /content-disposition: form-data; name="content"/i.test(p));
    const contentType = part && /\r\ncontent-type: ([^\r\n]+)/i.exec(part)?.[1];
    if (!part || !contentType)
      return problem(res, 422, "Input validation failed", "- content: content is required");
    const id = randomBytes(9).toString("hex");
    const size = part.length - part.indexOf("\r\n\r\n") - 6;
    files.set(id, { contentType, size });
    return json(res, 201, {
      id,
      content_type: contentType,
      size,
      checksums: { sha256: "" },
      metadata: {},
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      urls: { get: `${fake.url}/v1/files/${id}` },
    });
  };

  const fake = await startFakeServer((req, res) => {
    const url = fake.url;
    const route = new URL(req.path, url).pathname;
    // Outputs are served from a CDN (replicate.delivery) without the API token.
    const delivery = /^\/delivery\/([^/]+)\/output\.mp4$/.exec(route);
    if (delivery) {
      const p = predictions.get(delivery[1] as string);
      if (p?.status !== "succeeded") return problem(res, 404, "Not found", "No such file.");
      return serveJobVideo(res, p.fault);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return problem(res, 401, "Unauthenticated", "You did not pass a valid authentication token");

    const model = MODEL_ROUTE.exec(route);
    if (model && req.method === "POST") return create(req, res, `${model[1]}/${model[2]}`, url);
    if (route === "/v1/predictions" && req.method === "GET") return list(req, res, url);
    if (route === "/v1/files" && req.method === "POST") return upload(req, res);
    if (route === "/v1/webhooks/default/secret" && req.method === "GET")
      return json(res, 200, { key: webhookSecret });
    if (route === "/v1/account" && req.method === "GET")
      return json(res, 200, { type: "organization", username: "reel402", name: "Reel402" });

    const match = PREDICTION_ROUTE.exec(route);
    const p = match ? predictions.get(match[1] as string) : undefined;
    if (!match || !p)
      return problem(res, 404, "Not found", "The requested resource could not be found.");
    if (match[2] && req.method === "POST") {
      if ((p.status === "starting" || p.status === "processing") && p.fault !== "cancel_pending")
        finish(p, "canceled", null, url);
      return json(res, 200, view(p, url));
    }
    if (req.method !== "GET") return problem(res, 405, "Method not allowed", "Method not allowed.");
    if (p.status === "starting" || p.status === "processing") {
      const phase = countPoll(p);
      if (phase === "queued") p.status = "starting";
      else if (phase === "running") p.status = "processing";
      else if (p.fault === "task_failed") finish(p, "failed", "Prediction failed.", url);
      else if (p.fault === "moderation")
        finish(
          p,
          "failed",
          "The input or output was flagged as sensitive. Please try again with different inputs. (E005)",
          url,
        );
      else finish(p, "succeeded", null, url);
    }
    return json(res, 200, view(p, url));
  });
  return { ...fake, apiKey, faults, video, predictions, files, webhookSecret, deliveries, sign };
}
