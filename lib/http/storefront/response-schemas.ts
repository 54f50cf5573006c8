import { z } from "zod";
import { providerReliabilitySchema } from "@/lib/jobs";

/** Response shapes, as zod so the OpenAPI document is generated, never hand-written (the Job is
 * lib/notify/job-events/job-view-schema.ts, shared with the code that builds it). */

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
