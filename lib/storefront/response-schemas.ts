import { z } from "zod";
import {
  jobPaymentSchema,
  jobProgressSchema,
  providerReliabilitySchema,
} from "@/lib/job-events/live-schemas";
import { JOB_STATUSES } from "@/lib/jobs/state-machine";
import { webhookAttemptsSchema, webhookSecretSchema } from "@/lib/webhooks/response-schema";

/** Response shapes, as zod so the OpenAPI document is generated, never hand-written. */

export const receiptSchema = z
  .object({
    format: z.literal("jws"),
    signature: z
      .string()
      .describe(
        "JWS compact serialization (EdDSA, Ed25519). Payload: version, network, resourceUrl, payer, issuedAt, transaction, jobId, sku, amount (atomic units), asset, payTo. The header's kid names the key in /.well-known/did.json.",
      ),
  })
  .describe(
    "The x402 offer-receipt extension's signed receipt of the settled payment; verify it offline against the service's published key.",
  );

export const jobCreatedSchema = z.object({
  job_id: z.string().uuid(),
  status: z
    .enum(JOB_STATUSES)
    .describe(
      "queued once the payment settled; pending_settlement while the settlement is being confirmed.",
    ),
  status_url: z.string().describe("Path of the job resource to poll."),
  note: z.string().optional(),
  receipt: receiptSchema.optional().describe("Present once the payment settled."),
  webhook_secret: webhookSecretSchema.optional(),
});

export const jobErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
});

export const jobRequestSchema = z
  .object({
    model: z.string(),
    prompt: z.string().describe("Empty for an image product paid without a prompt."),
    duration_seconds: z.number().int(),
    resolution: z.string(),
    ratio: z.string(),
    generate_audio: z.boolean(),
    camera_fixed: z.boolean().nullable(),
    seed: z.number().int().nullable().describe("As asked; the seed used is the job's seed."),
    images: z.number().int().describe("How many pictures the clip starts from (0 for text)."),
  })
  .describe("What the job was paid for, as recorded when it was created.");

export const jobSchema = z.object({
  job_id: z.string().uuid(),
  sku: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.string().datetime(),
  updated_at: z.string().datetime(),
  attempts: z.number().int(),
  video_url: z
    .string()
    .url()
    .nullable()
    .describe(
      "Signed download URL while status is succeeded; expires about 24 h after completion.",
    ),
  video_expires_at: z.string().datetime().nullable(),
  poster_url: z
    .string()
    .url()
    .nullable()
    .describe(
      "Signed link to a JPEG poster frame of the video, valid as long as video_url; null without a video.",
    ),
  seed: z.number().int().nullable(),
  frames_per_second: z.number().nullable(),
  error: jobErrorSchema.nullable(),
  refund: z
    .object({
      status: z.enum(["pending", "sent", "confirmed", "manual"]),
      amount: z.string(),
      transaction: z.string().nullable(),
    })
    .nullable()
    .describe("The payment given back when a paid job ends without a video."),
  request: jobRequestSchema,
  progress: jobProgressSchema,
  payment: jobPaymentSchema,
  receipt: receiptSchema.nullable().describe("Null until the payment settled."),
  webhooks: webhookAttemptsSchema.optional(),
});

export const statusSchema = z.object({
  service: z.string(),
  total_jobs: z.number().int(),
  delivered: z.number().int(),
  success_rate: z.number().nullable(),
  p50_generation_seconds: z.number().nullable(),
  in_flight: z.number().int(),
  providers: z.array(providerReliabilitySchema),
});

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe("Stable machine-readable error code."),
    instance: z.string().optional(),
    category: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .passthrough();

export function toSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}
