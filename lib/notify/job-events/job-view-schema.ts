import { z } from "zod";
import { JOB_STATUSES, jobPaymentSchema, jobProgressSchema } from "@/lib/jobs";
import { receiptSchema, REFUND_STATUSES } from "@/lib/money";
import { webhookAttemptsSchema } from "@/lib/notify/webhooks/response-schema";

/**
 * The job as every surface shows it (GET and DELETE /jobs/{id}, the event stream's final `job`,
 * webhook payloads, a wallet's history). The one definition: the TypeScript type is inferred from
 * it and the OpenAPI document's Job schema is generated from it, so neither can drift.
 */

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

export const jobRefundSchema = z
  .object({
    status: z.enum(REFUND_STATUSES),
    amount: z.string(),
    transaction: z.string().nullable(),
  })
  .nullable()
  .describe("The payment given back when a paid job ends without a video.");

export const jobViewSchema = z.object({
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
  refund: jobRefundSchema,
  request: jobRequestSchema,
  progress: jobProgressSchema,
  payment: jobPaymentSchema,
  receipt: receiptSchema.nullable().describe("Null until the payment settled."),
  webhooks: webhookAttemptsSchema.optional(),
});

export type JobView = z.infer<typeof jobViewSchema>;
export type JobRequestView = z.infer<typeof jobRequestSchema>;
