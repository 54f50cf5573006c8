import { z } from "zod";
import { providerReliabilitySchema } from "@/lib/job-events/live-schemas";
import { JOB_STATUSES } from "@/lib/jobs/state-machine";
import { receiptSchema } from "@/lib/receipts/receipt-schema";
import { webhookSecretSchema } from "@/lib/webhooks/response-schema";

/** Response shapes, as zod so the OpenAPI document is generated, never hand-written (the Job is
 * lib/job-events/job-view-schema.ts, shared with the code that builds it). */

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
