import { z } from "zod";
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from "@/lib/notify/webhooks/webhook-status";

/** What the API says about webhooks, as zod so the OpenAPI document is generated from it. */

export const webhookSecretSchema = z
  .string()
  .describe(
    "Only when the POST carried a Webhook-URL header, and only in this first answer (never in a replay): the Standard Webhooks secret (whsec_…) that signs this job's deliveries.",
  );

export const webhookAttemptsSchema = z
  .array(
    z.object({
      id: z.string().describe("The webhook-id every attempt of this event carries."),
      event: z.enum(WEBHOOK_EVENTS),
      status: z.enum(DELIVERY_STATUSES),
      attempts: z.number().int(),
      last_status_code: z.number().int().nullable(),
      last_error: z.string().nullable(),
      next_attempt_at: z.string().datetime().nullable(),
      delivered_at: z.string().datetime().nullable(),
    }),
  )
  .describe("Deliveries to the job's Webhook-URL, when the paid POST gave one.");

export const WEBHOOK_URL_PARAMETER = {
  name: "Webhook-URL",
  in: "header",
  required: false,
  schema: { type: "string", format: "uri", maxLength: 2048 },
  description:
    "An https URL that receives Standard Webhooks POSTs (job.succeeded, job.failed, job.cancelled, refund.confirmed), signed with the webhook_secret returned once in the JobCreated body. A private, loopback or link-local address is refused with 403 webhook_url_refused before payment.",
};
