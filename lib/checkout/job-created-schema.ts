import { z } from "zod";
import { JOB_STATUSES } from "@/lib/jobs";
import { receiptSchema } from "@/lib/money";
import { webhookSecretSchema } from "@/lib/notify";

/** The paid POST's answer (JobCreated), as zod: the OpenAPI document and the 402's discovery extension are generated from it. */
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
