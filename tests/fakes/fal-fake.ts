import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { imageUrlProblem } from "./image-input";
import { type FakeServer, json, type RecordedRequest, startFakeServer } from "./fake-server";
import type { UpstreamFake, UpstreamFakeOptions, UpstreamJob } from "./upstream-fake";
import { upstreamBasics } from "./upstream-fake";

/** Faults injectable per submission, consumed in order by the next POSTs. */
export type FalFault =
  | "submit_500"
  /** A 500 fal marks `X-Fal-Retryable: false`. */
  | "submit_500_final"
  | "submit_429"
  | "submit_hang"
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

export type FalFakeRequest = UpstreamJob<FalFault> & { endpoint: string; cancelled: boolean };

export type FalFake = UpstreamFake<FalFault> & { queue: Map<string, FalFakeRequest> };

const FAL_STATUS = { queued: "IN_QUEUE", running: "IN_PROGRESS", done: "COMPLETED" } as const;

const ALLOWED = new Set(["prompt", "aspect_ratio", "resolution", "duration", "generate_audio"]);
const RATIOS = new Set(["21:9", "16:9", "4:3", "1:1", "3:4", "9:16"]);
const DURATIONS = new Set(Array.from({ length: 12 }, (_, i) => String(i + 4)));

const invalid = (res: ServerResponse, field: string, msg: string, type: string) =>
  json(res, 422, { detail: [{ loc: ["body", field], msg, type }] }, { "x-fal-retryable": "false" });

const IMAGE_ALLOWED = new Set([...ALLOWED, "image_url", "end_image_url"]);

/** Validates a text- or image-to-video input as fal's schema for that endpoint would; null when it is acceptable. */
function validate(
  body: Record<string, unknown>,
  endpoint: string,
): [string, string, string] | null {
  const image = endpoint.endsWith("/image-to-video");
  for (const key of Object.keys(body))
    if (!(image ? IMAGE_ALLOWED : ALLOWED).has(key))
      return [key, "Extra inputs are not permitted", "extra_forbidden"];
  if (typeof body.prompt !== "string" || !body.prompt)
    return ["prompt", "Field required", "missing"];
  if (typeof body.duration !== "string" || !DURATIONS.has(body.duration))
    return ["duration", "Input should be '4' … '15'", "literal_error"];
  const ratios = image ? new Set([...RATIOS, "auto"]) : RATIOS;
  if (body.aspect_ratio !== undefined && !ratios.has(String(body.aspect_ratio)))
    return ["aspect_ratio", "Unknown aspect ratio", "literal_error"];
  if (image) {
    if (body.image_url === undefined) return ["image_url", "Field required", "missing"];
    for (const field of ["image_url", "end_image_url"]) {
      const problem = body[field] === undefined ? null : imageUrlProblem(body[field]);
      if (problem) return [field, `Invalid image: ${problem}`, "image_load_error"];
    }
  }
  return null;
}

/** fal's queue API on 127.0.0.1: submit, status, result and cancel URLs per request. */
export async function startFalFake(opts: FalFakeOptions = {}): Promise<FalFake> {
  const { apiKey, faults, video, countPoll, serveJobVideo } = await upstreamBasics<FalFault>(
    opts,
    "fal-test-key",
  );
  const reportedSeed = opts.reportedSeed === undefined ? 987_654 : opts.reportedSeed;
  const queue = new Map<string, FalFakeRequest>();

  const submit = (req: RecordedRequest, res: ServerResponse, endpoint: string): boolean => {
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
        { "x-fal-retryable": "true" },
      );
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
    queue.set(id, { id, endpoint, body, fault, polls: 0, status: "IN_QUEUE", cancelled: false });
    // Like fal, the URLs keep only owner/app, not the endpoint's sub-path.
    const app = `${fake.url}/${endpoint.split("/").slice(0, 2).join("/")}/requests/${id}`;
    return json(res, 200, {
      request_id: id,
      status_url: `${app}/status`,
      response_url: app,
      cancel_url: `${app}/cancel`,
      queue_position: 0,
    });
  };

  const result = (res: ServerResponse, r: FalFakeRequest): boolean => {
    if (r.status !== "COMPLETED") return json(res, 400, { detail: "Request is still in progress" });
    if (r.cancelled)
      return json(res, 400, { detail: "Request was cancelled" }, { "x-fal-retryable": "false" });
    if (r.fault === "task_failed")
      return json(res, 500, { detail: "Internal Server Error" }, { "x-fal-retryable": "true" });
    if (r.fault === "task_refused")
      return invalid(
        res,
        "prompt",
        "The generated video was flagged by a content checker.",
        "content_policy_violation",
      );
    const file = {
      url: `${fake.url}/files/${r.id}.mp4`,
      content_type: "video/mp4",
      file_name: "output.mp4",
      file_size: video.length,
    };
    return json(
      res,
      200,
      reportedSeed === null ? { video: file } : { video: file, seed: reportedSeed },
    );
  };

  const fake: FakeServer = await startFakeServer((req, res) => {
    const route = new URL(req.path, fake.url).pathname;
    if (route.startsWith("/files/")) {
      const r = queue.get(route.slice("/files/".length).replace(/\.mp4$/, ""));
      if (r?.status !== "COMPLETED") return json(res, 404, { detail: "Not found" });
      return serveJobVideo(res, r.fault);
    }
    if (req.headers.authorization !== `Key ${apiKey}`)
      return json(res, 401, { detail: "No user found for Key ID and Secret" });
    const match = /^\/[^/]+\/[^/]+\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(route);
    if (!match)
      return req.method === "POST"
        ? submit(req, res, route.slice(1))
        : json(res, 404, { detail: "Not found" });
    const r = queue.get(match[1] ?? "");
    if (!r) return json(res, 404, { detail: "Request not found" });
    if (match[2] === "/cancel" && req.method === "PUT") {
      if (r.status === "COMPLETED") return json(res, 400, { status: "ALREADY_COMPLETED" });
      r.status = "COMPLETED";
      r.cancelled = true;
      return json(res, 202, { status: "CANCELLATION_REQUESTED" });
    }
    if (match[2] === "/status" && req.method === "GET") {
      if (r.status !== "COMPLETED") r.status = FAL_STATUS[countPoll(r)];
      const status = {
        status: r.status,
        request_id: r.id,
        response_url: `${fake.url}${route.replace(/\/status$/, "")}`,
        queue_position: 0,
      };
      return json(res, r.status === "COMPLETED" ? 200 : 202, status);
    }
    if (!match[2] && req.method === "GET") return result(res, r);
    return json(res, 405, { detail: "Method not allowed" });
  });
  return { ...fake, apiKey, faults, queue, video };
}
