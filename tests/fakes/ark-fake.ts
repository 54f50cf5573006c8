import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { imageUrlProblem } from "./image-input";
import { FaultQueue, json, type RecordedRequest, startFakeServer } from "./fake-server";
import type { UpstreamFake, UpstreamFakeOptions, UpstreamJob } from "./upstream-fake";
import { upstreamBasics } from "./upstream-fake";

/** Faults injectable per submission, consumed in order by the next POSTs. */
export type ArkFault =
  | "submit_500"
  | "submit_429"
  | "submit_hang"
  /** The task is created, then the connection drops before the answer is sent. */
  | "submit_lost"
  | "submit_invalid"
  | "auth_401"
  | "account_overdue"
  | "access_denied"
  | "model_not_open"
  | "model_not_found"
  | "moderation"
  | "task_hang"
  | "task_failed"
  | "output_moderation"
  | "video_html"
  | "video_truncated"
  | "video_short"
  | "video_stall";

/** Faults of the list API, consumed in order by the next list requests. */
export type ArkListFault = "list_500" | "list_unreadable";

export type ArkFakeOptions = UpstreamFakeOptions;

export type ArkFakeTask = UpstreamJob<ArkFault> & {
  model: string;
  seed: number;
  /** Unix seconds on the fake's clock. */
  createdAt: number;
  updatedAt: number;
  expiresAfter: number;
};

/** One POST the fake made to a task's callback_url, and how the receiver answered. */
export type ArkCallbackDelivery = { url: string; body: Record<string, unknown>; status: number };

export type ArkFake = UpstreamFake<ArkFault> & {
  tasks: Map<string, ArkFakeTask>;
  listFaults: FaultQueue<ArkListFault>;
  callbacks: ArkCallbackDelivery[];
  /** Resolves once every callback sent so far has been answered. */
  callbacksSettled(): Promise<void>;
  /** Moves the fake's clock on, as if this much time had passed upstream. */
  advanceClock(ms: number): void;
};

const TASKS = "/api/v3/contents/generations/tasks";
const RETRY_AFTER_SECONDS = "7";

/**
 * The create-task fields Ark documents (byteplus-python-sdk-v2 content_generation/tasks.py;
 * https://docs.byteplus.com/en/docs/ModelArk/1520757). Parameters in the body are validated
 * strictly, so anything else is refused; `camera_fixed` is among them but Seedance 2.0 refuses it.
 */
const FIELDS = new Set([
  "model",
  "content",
  "safety_identifier",
  "callback_url",
  "return_last_frame",
  "service_tier",
  "execution_expires_after",
  "priority",
  "generate_audio",
  "draft",
  "camera_fixed",
  "watermark",
  "seed",
  "resolution",
  "ratio",
  "duration",
  "frames",
  "tools",
]);
const RATIOS = new Set(["16:9", "4:3", "1:1", "3:4", "9:16", "21:9", "adaptive"]);
const STATUSES = new Set(["queued", "running", "cancelled", "succeeded", "failed", "expired"]);
const ENDED = new Set(["succeeded", "failed", "cancelled", "expired"]);
const DEFAULT_EXPIRY = 172_800;
const LIST_WINDOW = 7 * 24 * 3600;

const arkError = (
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) =>
  json(
    res,
    status,
    {
      error: {
        code,
        message: `${message} Request id: 0217${randomUUID().replace(/-/g, "")}`,
        param: "",
        type:
          {
            401: "Unauthorized",
            403: "Forbidden",
            404: "NotFound",
            429: "TooManyRequests",
            500: "InternalServiceError",
          }[status] ?? "BadRequest",
      },
    },
    headers,
  );

/** Account and model refusals, with Ark's statuses and codes (ModelArk Common Error Codes). */
const ACCOUNT_FAULTS: Partial<Record<ArkFault, [number, string, string]>> = {
  auth_401: [
    401,
    "AuthenticationError",
    "The API key or AK/SK in the request is missing or invalid.",
  ],
  account_overdue: [
    403,
    "AccountOverdueError",
    "The request failed because your account has an overdue balance.",
  ],
  access_denied: [
    403,
    "AccessDenied",
    "The request failed because you do not have access to the requested resource.",
  ],
  model_not_open: [
    404,
    "ModelNotOpen",
    "Your account has not activated the model. Please activate the model service in the Ark Console.",
  ],
  model_not_found: [
    404,
    "InvalidEndpointOrModel.NotFound",
    "The model or endpoint does not exist or you do not have access to it.",
  ],
};

/** Content items as Seedance takes them: text, and image_url items with a role and a usable URL. */
function checkContent(content: unknown[]): string | null {
  const roles: string[] = [];
  let texts = 0;
  for (const [i, item] of content.entries()) {
    const it = (item ?? {}) as Record<string, unknown>;
    if (it.type === "text") {
      if (typeof it.text !== "string" || !it.text)
        return `content[${i}].text must be a non-empty string.`;
      texts++;
    } else if (it.type === "image_url") {
      const problem = imageUrlProblem((it.image_url as { url?: unknown } | undefined)?.url);
      if (problem) return `content[${i}].image_url.url ${problem}.`;
      if (typeof it.role !== "string" || !ROLES.has(it.role))
        return `content[${i}].role must be first_frame, last_frame or reference_image.`;
      roles.push(it.role);
    } else return `content[${i}].type must be text or image_url.`;
  }
  if (texts === 0 && roles.length === 0) return "content must hold a text prompt or an image.";
  if (
    roles.filter((r) => r === "first_frame").length > 1 ||
    roles.filter((r) => r === "last_frame").length > 1
  )
    return "At most one first_frame and one last_frame.";
  if (roles.includes("last_frame") && !roles.includes("first_frame"))
    return "A last_frame needs a first_frame.";
  if (
    roles.includes("reference_image") &&
    (roles.includes("first_frame") || roles.includes("last_frame"))
  )
    return "Reference images cannot be combined with first or last frames.";
  return null;
}
const ROLES = new Set(["first_frame", "last_frame", "reference_image"]);

/** A callback URL Ark can reach: https, or plain http to this machine in tests. */
function callbackUrlProblem(value: unknown): string | null {
  if (typeof value !== "string") return "callback_url must be a string.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "callback_url must be a URL.";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && url.hostname === "127.0.0.1") return null;
  return "callback_url must be an https URL.";
}

/** The create-task rules Seedance 2.0 enforces on the fields beside `content`. */
function checkFields(body: Record<string, unknown>): string | null {
  const unknown = Object.keys(body).find((k) => !FIELDS.has(k));
  if (unknown) return `The parameter ${unknown} specified in the request is not valid.`;
  if ("camera_fixed" in body) return "camera_fixed is not supported by this model.";
  if ("callback_url" in body) {
    const problem = callbackUrlProblem(body.callback_url);
    if (problem) return problem;
  }
  if ("execution_expires_after" in body) {
    const v = body.execution_expires_after;
    if (!Number.isInteger(v) || (v as number) < 3600 || (v as number) > 259_200)
      return "execution_expires_after must be an integer in [3600, 259200].";
  }
  if ("safety_identifier" in body) {
    const v = body.safety_identifier;
    if (typeof v !== "string" || v.length === 0 || v.length > 64)
      return "safety_identifier must be a string of at most 64 characters.";
  }
  if ("ratio" in body && !RATIOS.has(body.ratio as string))
    return "ratio must be 21:9, 16:9, 4:3, 1:1, 3:4, 9:16 or adaptive.";
  return null;
}

/** A BytePlus ModelArk content-generation API on 127.0.0.1, behaving as Seedance 2.0 does. */
export async function startArkFake(opts: ArkFakeOptions = {}): Promise<ArkFake> {
  const { apiKey, faults, video, countPoll, serveJobVideo } = await upstreamBasics<ArkFault>(
    opts,
    "ark-test-key",
  );
  const listFaults = new FaultQueue<ArkListFault>();
  const tasks = new Map<string, ArkFakeTask>();
  const callbacks: ArkCallbackDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let clockOffsetMs = 0;
  const now = () => Math.floor((Date.now() + clockOffsetMs) / 1000);
  let baseUrl = "";

  const view = (t: ArkFakeTask) => ({
    id: t.id,
    model: t.model,
    status: t.status,
    content:
      t.status === "succeeded"
        ? { video_url: `${baseUrl}/files/${t.id}.mp4?X-Tos-Signature=fake` }
        : undefined,
    error:
      t.status === "failed"
        ? t.fault === "output_moderation"
          ? {
              code: "OutputVideoSensitiveContentDetected",
              message: "The output video may contain sensitive information.",
            }
          : {
              code: "InternalServiceError",
              message: "The service encountered an unexpected internal error.",
            }
        : null,
    seed: t.seed,
    resolution: t.body.resolution,
    ratio: t.body.ratio === "adaptive" ? "16:9" : t.body.ratio,
    duration: t.body.duration,
    framespersecond: 24,
    generate_audio: t.body.generate_audio ?? true,
    service_tier: "default",
    execution_expires_after: t.expiresAfter,
    ...(typeof t.body.safety_identifier === "string"
      ? { safety_identifier: t.body.safety_identifier }
      : {}),
    usage: { completion_tokens: 108_900, total_tokens: 108_900 },
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  });

  /** Ark POSTs the task to its callback_url on each change of state. */
  const moveTo = (t: ArkFakeTask, status: string) => {
    if (t.status === status) return;
    t.status = status;
    t.updatedAt = now();
    const url = t.body.callback_url;
    if (typeof url !== "string") return;
    const body = view(t);
    const delivery = fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    })
      .then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      )
      .then((status) => {
        callbacks.push({ url, body, status });
      });
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  };

  /** A task unfinished past its execution limit is stopped by Ark: state `expired`. */
  const expireIfDue = (t: ArkFakeTask) => {
    if (!ENDED.has(t.status) && now() - t.createdAt >= t.expiresAfter) moveTo(t, "expired");
  };

  const submit = (req: RecordedRequest, res: ServerResponse): boolean => {
    const fault = faults.take();
    if (fault === "submit_hang") return false;
    if (fault === "submit_500")
      return arkError(
        res,
        500,
        "InternalServiceError",
        "The service encountered an unexpected internal error.",
      );
    if (fault === "submit_429")
      return arkError(
        res,
        429,
        "RateLimitExceeded.EndpointRPMExceeded",
        "The Requests Per Minute (RPM) limit of the associated endpoint for your account has been exceeded.",
        { "retry-after": RETRY_AFTER_SECONDS },
      );
    const account = fault ? ACCOUNT_FAULTS[fault] : undefined;
    if (account) return arkError(res, ...account);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.model !== "string" || !Array.isArray(body.content))
      return arkError(res, 400, "MissingParameter", "model and content are required.");
    const contentProblem = checkContent(body.content);
    if (contentProblem) return arkError(res, 400, "InvalidParameter", contentProblem);
    const fieldProblem = checkFields(body);
    if (fieldProblem) return arkError(res, 400, "InvalidParameter", fieldProblem);
    if (fault === "submit_invalid")
      return arkError(res, 400, "InvalidParameter", "The parameter duration is not valid.");
    if (fault === "moderation")
      return arkError(
        res,
        400,
        "InputTextSensitiveContentDetected",
        "The request failed because the input text may contain sensitive information.",
      );
    const id = `cgt-${randomUUID().replace(/-/g, "").slice(0, 20)}`;
    const seed =
      typeof body.seed === "number" ? body.seed : Math.floor(Math.random() * 4_294_967_296);
    const expiresAfter =
      typeof body.execution_expires_after === "number"
        ? body.execution_expires_after
        : DEFAULT_EXPIRY;
    tasks.set(id, {
      id,
      model: body.model,
      body,
      fault,
      polls: 0,
      status: "queued",
      seed,
      createdAt: now(),
      updatedAt: now(),
      expiresAfter,
    });
    if (fault === "submit_lost") {
      res.socket?.destroy();
      return true;
    }
    return json(res, 200, { id });
  };

  /** GET /tasks: Ark's list API, filtered and paged as documented; newest first. */
  const list = (query: URLSearchParams, res: ServerResponse): boolean => {
    const fault = listFaults.take();
    if (fault === "list_500")
      return arkError(res, 500, "InternalServiceError", "The service encountered an error.");
    if (fault === "list_unreadable") return json(res, 200, { items: "not a list" });
    const int = (name: string, fallback: number) => {
      const raw = query.get(name);
      if (raw === null) return fallback;
      return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    };
    const pageNum = int("page_num", 1);
    const pageSize = int("page_size", 10);
    if (!(pageNum >= 1 && pageNum <= 500) || !(pageSize >= 1 && pageSize <= 500))
      return arkError(res, 400, "InvalidParameter", "page_num and page_size must be in [1, 500].");
    const status = query.get("filter.status");
    if (status !== null && !STATUSES.has(status))
      return arkError(res, 400, "InvalidParameter", "filter.status is not valid.");
    const model = query.get("filter.model");
    const ids = query.getAll("filter.task_ids");
    for (const t of tasks.values()) expireIfDue(t);
    const matching = [...tasks.values()]
      .filter(
        (t) =>
          now() - t.createdAt < LIST_WINDOW &&
          (status === null || t.status === status) &&
          (model === null || t.model === model) &&
          (ids.length === 0 || ids.includes(t.id)),
      )
      .sort((a, b) => b.createdAt - a.createdAt);
    const items = matching.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(view);
    return json(res, 200, { total: matching.length, items });
  };

  const fake = await startFakeServer((req, res) => {
    const url = new URL(req.path, fake.url);
    const route = url.pathname;
    if (route.startsWith("/files/")) {
      const task = tasks.get(route.slice("/files/".length).replace(/\.mp4$/, ""));
      if (task?.status !== "succeeded") return arkError(res, 404, "NotFound", "No such object.");
      return serveJobVideo(res, task.fault);
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return arkError(
        res,
        401,
        "AuthenticationError",
        "The API key or AK/SK in the request is missing or invalid.",
      );
    if (route === TASKS && req.method === "POST") return submit(req, res);
    if (route === TASKS && req.method === "GET") return list(url.searchParams, res);
    const task = route.startsWith(`${TASKS}/`)
      ? tasks.get(decodeURIComponent(route.slice(TASKS.length + 1)))
      : undefined;
    if (!task) return arkError(res, 404, "ResourceNotFound", "The specified task was not found.");
    expireIfDue(task);
    if (req.method === "DELETE") {
      // Queued: cancelled. Ended: the record is deleted. Running: refused.
      if (task.status === "queued") {
        moveTo(task, "cancelled");
        return json(res, 200, {});
      }
      if (ENDED.has(task.status)) {
        tasks.delete(task.id);
        return json(res, 200, {});
      }
      return arkError(
        res,
        409,
        "InvalidAction.TaskNotCancellable",
        "Only queued tasks can be cancelled.",
      );
    }
    if (req.method !== "GET") return arkError(res, 405, "MethodNotAllowed", "Method not allowed.");
    if (task.status === "queued" || task.status === "running") {
      const phase = countPoll(task);
      const failed = task.fault === "task_failed" || task.fault === "output_moderation";
      moveTo(task, phase !== "done" ? phase : failed ? "failed" : "succeeded");
    }
    return json(res, 200, view(task));
  });
  baseUrl = fake.url;
  return {
    ...fake,
    apiKey,
    faults,
    listFaults,
    tasks,
    video,
    callbacks,
    callbacksSettled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    advanceClock: (ms) => {
      clockOffsetMs += ms;
    },
  };
}
