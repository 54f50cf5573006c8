import { SIGN_IN_WITH_X } from "@x402/extensions/sign-in-with-x";

type Problem = (description: string) => unknown;

const idParam = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", format: "uuid" },
};
const proofParam = {
  name: SIGN_IN_WITH_X,
  in: "header",
  required: false,
  description:
    'x402 sign-in-with-x proof (base64 JSON) by the paying wallet, for this path, signed over the challenge exactly as issued (our origin, statement and nonce) and good once; without it, or on reuse, the answer is a 401 carrying a fresh challenge to sign in extensions["sign-in-with-x"].',
  schema: { type: "string" },
};
const jobJson = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Job" } } },
});

/** OpenAPI entries for the live-job endpoints: the event stream, cancel and history by wallet. */
export function liveJobPaths(problem: Problem) {
  const signed = {
    "401": problem("No valid sign-in-with-x proof (`signature_required`, `signature_invalid`)."),
    "403": problem("Signed by another wallet than the payer (`wrong_wallet`)."),
  };
  return {
    cancel: {
      operationId: "cancel_job",
      tags: ["jobs"],
      security: [],
      summary: "Cancel a job the upstream has not seen yet (signed by the payer); it is refunded",
      parameters: [idParam, proofParam],
      responses: {
        "200": jobJson("The job, now cancelled; its refund follows on chain."),
        ...signed,
        "404": problem("Unknown job id."),
        "409": problem("Too late: generation started, or the job ended (`not_cancellable`)."),
      },
    },
    events: {
      get: {
        operationId: "get_job_events",
        tags: ["jobs"],
        security: [],
        summary: "Server-Sent Events of one job: status, attempt, progress, then the final job",
        description:
          "Events `status` and `attempt` carry the change's id (resume with Last-Event-ID), `progress` a snapshot (no id), and `job` the final Job, after which the stream ends. A heartbeat comment every 15 s. 204 when the client has already seen the end.",
        parameters: [
          idParam,
          { name: "Last-Event-ID", in: "header", required: false, schema: { type: "string" } },
        ],
        responses: {
          "200": {
            description: "The stream.",
            content: { "text/event-stream": { schema: { type: "string" } } },
          },
          "204": { description: "Nothing left: the final job was already delivered." },
          "403": problem("Last-Event-ID is not an id from this stream."),
          "404": problem("Unknown job id."),
        },
      },
    },
    history: {
      get: {
        operationId: "list_wallet_jobs",
        tags: ["jobs"],
        security: [],
        summary: "A wallet's own jobs, newest first (signed by that wallet)",
        parameters: [
          {
            name: "payer",
            in: "query",
            required: true,
            schema: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" },
          },
          { name: "cursor", in: "query", required: false, schema: { type: "string" } },
          {
            name: "limit",
            in: "query",
            required: false,
            schema: { type: "integer", minimum: 1, maximum: 50 },
          },
          proofParam,
        ],
        responses: {
          "200": {
            description: "One page; pass next_cursor for the next.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["jobs", "next_cursor"],
                  properties: {
                    jobs: { type: "array", items: { $ref: "#/components/schemas/Job" } },
                    next_cursor: { type: ["string", "null"] },
                  },
                },
              },
            },
          },
          ...signed,
        },
      },
    },
  };
}
