import { createHash, generateKeyPairSync, randomUUID, sign } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type FakeServer, json, type RecordedRequest, startFakeServer } from "./fake-server";
import type { UpstreamFake, UpstreamFakeOptions, UpstreamJob } from "./upstream-fake";
import { upstreamBasics } from "./upstream-fake";

/**
 * fal as @fal-ai/client 1.10.1 speaks to it, on 127.0.0.1: the queue (submit with `fal_webhook`,
 * status, result, cancel under `/{owner}/{alias}/requests/{id}`), storage uploads (initiate on
 * the REST host, then a PUT of the bytes to the returned upload URL), signed webhooks and the
 * JWKS that verifies them. One server stands in for every fal host.
 */

/** Faults injectable per submission, consumed in order by the next POSTs. */
export type FalFault =
  | "submit_500"
  /** A 500 fal marks `X-Fal-Retryable: false`. */
  | "submit_500_final"
  /** A 429 with `Retry-After: 7`. */
  | "submit_429"
  | "submit_hang"
  /** fal's 403 for an account that cannot pay. */
  | "account_locked"
  | "moderation"
  | "task_hang"
  /** The result is an error (500, `X-Fal-Retryable: true`). */
  | "task_failed"
  /** The result is a content-policy refusal (422, `X-Fal-Retryable: false`). */
  | "task_refused"
  | "video_html"
  | "video_truncated"
  | "video_short"
  | "video_stall";

export type FalFakeOptions = UpstreamFakeOptions & {
  /** The seed fal reports in results; null leaves it out. */
  reportedSeed?: number | null;
};

export type FalFakeRequest = UpstreamJob<FalFault> & {
  endpoint: string;
  cancelled: boolean;
  webhookUrl: string | null;
};

export type StoredFile = { contentType: string; bytes: Buffer | null };

export type FalFake = UpstreamFake<FalFault> & {
  queue: Map<string, FalFakeRequest>;
  /** Uploads by file URL; bytes stay null until the PUT arrives. */
  files: Map<string, StoredFile>;
  /** Webhook deliveries made so far, with the status our receiver answered. */
  deliveries: { url: string; headers: Record<string, string>; body: string; status: number }[];
  /** Moves a request on to IN_PROGRESS, as fal's dispatcher does. */
  start(id: string): void;
  /** Completes a request and delivers its webhook; resolves once delivered. */
  finish(id: string): Promise<void>;
  /** Signs a webhook body as fal does (for tests that tamper with one). */
  signWebhook(requestId: string, body: string, timestampSeconds?: number): Record<string, string>;
};

const FAL_STATUS = { queued: "IN_QUEUE", running: "IN_PROGRESS", done: "COMPLETED" } as const;
const FAL_USER_ID = "fal-test-user";

/** Seedance 2.0 on fal: its four endpoints and their input schemas (llms.txt of each). */
const SEEDANCE = new Set([
  "bytedance/seedance-2.0/text-to-video",
  "bytedance/seedance-2.0/fast/text-to-video",
  "bytedance/seedance-2.0/image-to-video",
  "bytedance/seedance-2.0/fast/image-to-video",
]);
const TEXT_FIELDS = new Set([
  "prompt",
  "aspect_ratio",
  "resolution",
  "duration",
  "generate_audio",
  "seed",
  "end_user_id",
]);
const IMAGE_FIELDS = new Set([...TEXT_FIELDS, "image_url", "end_image_url"]);
const RATIOS = new Set(["auto", "21:9", "16:9", "4:3", "1:1", "3:4", "9:16"]);
const DURATIONS = new Set(["auto", ...Array.from({ length: 12 }, (_, i) => String(i + 4))]);
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

const invalid = (res: ServerResponse, field: string, msg: string, type: string) =>
  json(res, 422, { detail: [{ loc: ["body", field], msg, type }] }, { "x-fal-retryable": "false" });

export async function startFalFake(opts: FalFakeOptions = {}): Promise<FalFake> {
  const { apiKey, faults, video, countPoll, serveJobVideo } = await upstreamBasics<FalFault>(
    opts,
    "fal-test-key",
  );
  const reportedSeed = opts.reportedSeed === undefined ? 987_654 : opts.reportedSeed;
  const queue = new Map<string, FalFakeRequest>();
  const files = new Map<string, StoredFile>();
  const uploads = new Map<string, string>();
  const deliveries: FalFake["deliveries"] = [];
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const jwk = publicKey.export({ format: "jwk" });

  /** An image URL fal can fetch: one of its stored, fully uploaded images (never a data: URL). */
  const imageProblem = (value: unknown): string | null => {
    if (typeof value !== "string" || !value) return "must be a non-empty string";
    if (value.startsWith("data:")) return "data URIs are not accepted; upload the file";
    const file = files.get(value);
    if (!file?.bytes?.length) return "the file could not be downloaded";
    if (!IMAGE_TYPES.has(file.contentType)) return `unsupported image type ${file.contentType}`;
    return null;
  };

  /** Validates an input as fal's schema for that endpoint would; null when acceptable. */
  const validate = (
    body: Record<string, unknown>,
    endpoint: string,
  ): [string, string, string] | null => {
    const image = endpoint.endsWith("/image-to-video");
    for (const key of Object.keys(body))
      if (!(image ? IMAGE_FIELDS : TEXT_FIELDS).has(key))
        return [key, "Extra inputs are not permitted", "extra_forbidden"];
    if (typeof body.prompt !== "string" || !body.prompt)
      return ["prompt", "Field required", "missing"];
    if (body.duration !== undefined && !DURATIONS.has(String(body.duration)))
      return ["duration", "Input should be 'auto', '4' … '15'", "enum"];
    if (typeof body.duration !== "string" && body.duration !== undefined)
      return ["duration", "Input should be a valid string", "string_type"];
    if (body.aspect_ratio !== undefined && !RATIOS.has(String(body.aspect_ratio)))
      return ["aspect_ratio", "Input should be 'auto', '21:9', … '9:16'", "enum"];
    const resolutions = endpoint.includes("/fast/") ? ["480p", "720p"] : ["480p", "720p", "1080p"];
    if (body.resolution !== undefined && !resolutions.includes(String(body.resolution)))
      return ["resolution", "Input should be one of the endpoint's resolutions", "enum"];
    if (body.seed !== undefined && !Number.isInteger(body.seed))
      return ["seed", "Input should be a valid integer", "int_type"];
    if (body.end_user_id !== undefined && typeof body.end_user_id !== "string")
      return ["end_user_id", "Input should be a valid string", "string_type"];
    if (image) {
      if (body.image_url === undefined) return ["image_url", "Field required", "missing"];
      for (const field of ["image_url", "end_image_url"]) {
        const problem = body[field] === undefined ? null : imageProblem(body[field]);
        if (problem) return [field, `Invalid image: ${problem}`, "image_load_error"];
      }
    }
    return null;
  };

  const signWebhook = (requestId: string, body: string, timestampSeconds?: number) => {
    const timestamp = String(timestampSeconds ?? Math.floor(Date.now() / 1000));
    const digest = createHash("sha256").update(body).digest("hex");
    const message = Buffer.from(`${requestId}\n${FAL_USER_ID}\n${timestamp}\n${digest}`);
    return {
      "content-type": "application/json",
      "x-fal-webhook-request-id": requestId,
      "x-fal-webhook-user-id": FAL_USER_ID,
      "x-fal-webhook-timestamp": timestamp,
      "x-fal-webhook-signature": sign(null, message, privateKey).toString("hex"),
    };
  };

  const outcome = (r: FalFakeRequest): { status: number; body: unknown; retryable?: string } => {
    if (r.cancelled) return { status: 400, body: { detail: "Request was cancelled" } };
    if (r.fault === "task_failed")
      return { status: 500, body: { detail: "Internal Server Error" }, retryable: "true" };
    if (r.fault === "task_refused")
      return {
        status: 422,
        body: {
          detail: [
            {
              loc: ["body", "prompt"],
              msg: "The generated video was flagged by a content checker.",
              type: "content_policy_violation",
            },
          ],
        },
        retryable: "false",
      };
    const file = {
      url: `${fake.url}/files/${r.id}.mp4`,
      content_type: "video/mp4",
      file_name: "output.mp4",
      file_size: video.length,
    };
    return {
      status: 200,
      body: reportedSeed === null ? { video: file } : { video: file, seed: reportedSeed },
    };
  };

  /** fal POSTs `{request_id, gateway_request_id, status, payload}` to the webhook, signed. */
  const deliver = async (r: FalFakeRequest) => {
    if (!r.webhookUrl) return;
    const { status, body: payload } = outcome(r);
    const body = JSON.stringify({
      request_id: r.id,
      gateway_request_id: r.id,
      status: status === 200 ? "OK" : "ERROR",
      payload,
      ...(status === 200 ? {} : { error: `Invalid status code: ${status}` }),
    });
    const headers = signWebhook(r.id, body);
    const res = await fetch(r.webhookUrl, { method: "POST", headers, body }).catch(() => null);
    await res?.text();
    deliveries.push({ url: r.webhookUrl, headers, body, status: res?.status ?? 0 });
  };

  const submit = (req: RecordedRequest, res: ServerResponse, route: string): boolean => {
    const endpoint = route.slice(1);
    if (!SEEDANCE.has(endpoint))
      return json(res, 404, { detail: `Application '${endpoint}' not found` });
    const fault = faults.take();
    if (fault === "submit_hang") return false;
    if (fault === "submit_500") return json(res, 500, { detail: "Internal Server Error" });
    if (fault === "submit_500_final")
      return json(res, 500, { detail: "Internal Server Error" }, { "x-fal-retryable": "false" });
    if (fault === "submit_429")
      return json(
        res,
        429,
        { detail: "Too many concurrent requests." },
        { "x-fal-retryable": "true", "retry-after": "7" },
      );
    if (fault === "account_locked")
      return json(res, 403, {
        detail:
          "User is locked. Reason: Exhausted balance. Top up your balance at fal.ai/dashboard/billing.",
      });
    const body = (req.body ?? {}) as Record<string, unknown>;
    const problem = validate(body, endpoint);
    if (problem) return invalid(res, ...problem);
    if (fault === "moderation")
      return invalid(
        res,
        "prompt",
        "The content could not be processed because it was flagged.",
        "content_policy_violation",
      );
    const id = randomUUID();
    const webhookUrl = new URL(req.path, fake.url).searchParams.get("fal_webhook");
    queue.set(id, {
      id,
      endpoint,
      body,
      fault,
      polls: 0,
      status: "IN_QUEUE",
      cancelled: false,
      webhookUrl,
    });
    // The URLs keep only owner/app, not the endpoint's sub-path.
    const app = `${fake.url}/${endpoint.split("/").slice(0, 2).join("/")}/requests/${id}`;
    return json(res, 200, {
      request_id: id,
      gateway_request_id: id,
      status: "IN_QUEUE",
      status_url: `${app}/status`,
      response_url: app,
      cancel_url: `${app}/cancel`,
      queue_position: 0,
    });
  };

  const complete = (r: FalFakeRequest) => {
    if (r.status === "COMPLETED") return Promise.resolve();
    r.status = "COMPLETED";
    return deliver(r);
  };

  const fake: FakeServer = await startFakeServer(async (req, res) => {
    const url = new URL(req.path, fake.url);
    const route = url.pathname;
    if (route === "/.well-known/jwks.json")
      return json(res, 200, { keys: [{ ...jwk, kid: "fal-test", alg: "EdDSA", use: "sig" }] });
    if (route.startsWith("/files/")) {
      const stored = files.get(`${fake.url}${route}`);
      if (stored) {
        if (!stored.bytes) return json(res, 404, { detail: "Not found" });
        res.writeHead(200, { "content-type": stored.contentType }).end(stored.bytes);
        return true;
      }
      const r = queue.get(route.slice("/files/".length).replace(/\.mp4$/, ""));
      if (r?.status !== "COMPLETED") return json(res, 404, { detail: "Not found" });
      return serveJobVideo(res, r.fault);
    }
    // The signed upload URL carries its own authority; fal's CDN takes no API key.
    if (route.startsWith("/upload/") && req.method === "PUT") {
      const fileUrl = uploads.get(route.slice("/upload/".length));
      const stored = fileUrl ? files.get(fileUrl) : undefined;
      if (!fileUrl || !stored || stored.bytes) return json(res, 403, { detail: "Invalid upload" });
      if (req.headers.authorization) return json(res, 400, { detail: "Unexpected credentials" });
      if (req.headers["content-type"] !== stored.contentType)
        return json(res, 400, { detail: "Content-Type differs from the initiated upload" });
      stored.bytes = req.raw;
      return json(res, 200, {});
    }
    if (req.headers.authorization !== `Key ${apiKey}`)
      return json(res, 401, { detail: "No user found for Key ID and Secret" });
    if (route === "/storage/upload/initiate" && req.method === "POST") {
      const body = (req.body ?? {}) as { content_type?: unknown; file_name?: unknown };
      if (typeof body.content_type !== "string" || typeof body.file_name !== "string")
        return invalid(res, "content_type", "Field required", "missing");
      const token = randomUUID();
      const fileUrl = `${fake.url}/files/${token}/${encodeURIComponent(body.file_name)}`;
      files.set(fileUrl, { contentType: body.content_type, bytes: null });
      uploads.set(token, fileUrl);
      return json(res, 200, { upload_url: `${fake.url}/upload/${token}`, file_url: fileUrl });
    }
    const match = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(route);
    if (!match)
      return req.method === "POST"
        ? submit(req, res, route)
        : json(res, 404, { detail: "Not found" });
    const r = queue.get(match[2] ?? "");
    // A request is found only under its own app.
    if (!r?.endpoint.startsWith(`${match[1]}/`))
      return json(res, 404, { status: "NOT_FOUND", detail: "Request not found" });
    if (match[3] === "/cancel" && req.method === "PUT") {
      if (r.status === "COMPLETED") return json(res, 400, { status: "ALREADY_COMPLETED" });
      // Queued: dropped, never rendered. In progress: Seedance renders on regardless.
      if (r.status === "IN_QUEUE") {
        r.cancelled = true;
        await complete(r);
      }
      return json(res, 202, { status: "CANCELLATION_REQUESTED" });
    }
    if (match[3] === "/status" && req.method === "GET") {
      if (r.status !== "COMPLETED") {
        const next = FAL_STATUS[countPoll(r)];
        if (next === "COMPLETED") await complete(r);
        else r.status = next;
      }
      const status = {
        status: r.status,
        request_id: r.id,
        response_url: `${fake.url}/${match[1]}/requests/${r.id}`,
        queue_position: 0,
      };
      return json(res, r.status === "COMPLETED" ? 200 : 202, status);
    }
    if (!match[3] && req.method === "GET") {
      if (r.status !== "COMPLETED")
        return json(res, 400, { detail: "Request is still in progress" });
      const { status, body, retryable } = outcome(r);
      return json(res, status, body, retryable ? { "x-fal-retryable": retryable } : {});
    }
    return json(res, 405, { detail: "Method not allowed" });
  });

  return {
    ...fake,
    apiKey,
    faults,
    queue,
    files,
    deliveries,
    video,
    signWebhook,
    start(id) {
      const r = queue.get(id);
      if (r && r.status === "IN_QUEUE") r.status = "IN_PROGRESS";
    },
    async finish(id) {
      const r = queue.get(id);
      if (r) await complete(r);
    },
  };
}
