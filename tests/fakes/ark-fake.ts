import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { imageUrlProblem } from "./image-input";
import { json, type RecordedRequest, startFakeServer } from "./fake-server";
import type { UpstreamFake, UpstreamFakeOptions, UpstreamJob } from "./upstream-fake";
import { upstreamBasics } from "./upstream-fake";

/** Faults injectable per submission, consumed in order by the next POSTs. */
export type ArkFault =
  | "submit_500"
  | "submit_429"
  | "submit_hang"
  | "moderation"
  | "task_hang"
  | "task_failed"
  | "output_moderation"
  | "video_html"
  | "video_truncated"
  | "video_short"
  | "video_stall";

export type ArkFakeOptions = UpstreamFakeOptions;

export type ArkFakeTask = UpstreamJob<ArkFault> & { model: string; seed: number };

export type ArkFake = UpstreamFake<ArkFault> & { tasks: Map<string, ArkFakeTask> };

const TASKS = "/api/v3/contents/generations/tasks";

const arkError = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, {
    error: { code, message, param: "", type: status === 401 ? "Unauthorized" : "BadRequest" },
  });

const ROLES = new Set(["first_frame", "last_frame", "reference_image"]);

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

/** A BytePlus ModelArk content-generation API on 127.0.0.1, behaving as Seedance 2.0 does. */
export async function startArkFake(opts: ArkFakeOptions = {}): Promise<ArkFake> {
  const { apiKey, faults, video, countPoll, serveJobVideo } = await upstreamBasics<ArkFault>(
    opts,
    "ark-test-key",
  );
  const tasks = new Map<string, ArkFakeTask>();

  const view = (t: ArkFakeTask, url: string) => ({
    id: t.id,
    model: t.model,
    status: t.status,
    content:
      t.status === "succeeded"
        ? { video_url: `${url}/files/${t.id}.mp4?X-Tos-Signature=fake` }
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
    ratio: t.body.ratio,
    duration: t.body.duration,
    framespersecond: 24,
    usage: { completion_tokens: 108_900, total_tokens: 108_900 },
    created_at: 1_760_000_000,
    updated_at: 1_760_000_000 + t.polls,
  });

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
        "Request rate limit exceeded.",
      );
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body.model !== "string" || !Array.isArray(body.content))
      return arkError(res, 400, "MissingParameter", "model and content are required.");
    const contentProblem = checkContent(body.content);
    if (contentProblem) return arkError(res, 400, "InvalidParameter", contentProblem);
    if ("camera_fixed" in body)
      return arkError(res, 400, "InvalidParameter", "camera_fixed is not supported by this model.");
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
    tasks.set(id, { id, model: body.model, body, fault, polls: 0, status: "queued", seed });
    return json(res, 200, { id });
  };

  const fake = await startFakeServer((req, res) => {
    const url = fake.url;
    const route = new URL(req.path, url).pathname;
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
        "The API key in the request is missing or invalid.",
      );
    if (route === TASKS && req.method === "POST") return submit(req, res);
    const task = route.startsWith(`${TASKS}/`)
      ? tasks.get(decodeURIComponent(route.slice(TASKS.length + 1)))
      : undefined;
    if (!task) return arkError(res, 404, "ResourceNotFound", "The specified task was not found.");
    if (req.method === "DELETE") {
      if (task.status !== "queued")
        return arkError(
          res,
          409,
          "InvalidAction.TaskNotCancellable",
          "Only queued tasks can be cancelled.",
        );
      task.status = "cancelled";
      return json(res, 200, {});
    }
    if (req.method !== "GET") return arkError(res, 405, "MethodNotAllowed", "Method not allowed.");
    if (task.status === "queued" || task.status === "running") {
      const phase = countPoll(task);
      const failed = task.fault === "task_failed" || task.fault === "output_moderation";
      task.status = phase !== "done" ? phase : failed ? "failed" : "succeeded";
    }
    return json(res, 200, view(task, url));
  });
  return { ...fake, apiKey, faults, tasks, video };
}
