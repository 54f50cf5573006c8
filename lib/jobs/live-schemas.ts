import { z } from "zod";

/** The fields GET /jobs/{id} shows beside the spec's, as zod so the OpenAPI document has them. */
export const jobProgressSchema = z
  .object({
    phase: z.enum([
      "settling",
      "waiting_for_wallet_slot",
      "queued",
      "submitted",
      "generating",
      "storing",
      "done",
    ]),
    queue_position: z
      .number()
      .int()
      .nullable()
      .describe(
        "1 = next to start; while queued (in the whole queue) or waiting for a wallet slot (in the wallet's own line).",
      ),
    eta_seconds: z
      .number()
      .int()
      .nullable()
      .describe("From the recent attempts of the same SKU and provider; null when unknown."),
    history: z.array(
      z.object({
        provider: z.string(),
        started_at: z.string().datetime(),
        finished_at: z.string().datetime().nullable(),
        outcome: z.enum(["submitting", "running", "succeeded", "failed"]),
        error_code: z.string().nullable(),
      }),
    ),
  })
  .describe("Where the job is; the attempt history shows a failover.");

export const jobPaymentSchema = z.object({
  amount: z.string().describe("Price paid, in atomic USDC units (6 decimals)."),
  network: z.string(),
  transaction: z.string().nullable().describe("The settlement transaction."),
});

export const providerReliabilitySchema = z.object({
  provider: z.string(),
  attempts: z.number().int().describe("Attempts that ended in the window (last 200 per SKU)."),
  success_rate: z.number().nullable(),
  failovers: z
    .number()
    .int()
    .describe("Attempts that took a job over after another provider's attempt failed."),
  p50_seconds: z.number().nullable(),
  state: z
    .enum(["up", "down"])
    .describe(
      "down: it refused the service's account or model; jobs fail over to the other providers.",
    ),
  down_until: z
    .string()
    .datetime()
    .nullable()
    .describe("Until when a down provider is tried only when no other is left."),
  down_reason: z.string().nullable(),
});
