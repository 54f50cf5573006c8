import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { PrivateKeyAccount } from "viem/accounts";
import { z } from "zod";
import {
  type ClipRequest,
  describeReceipt,
  getJob,
  pay,
  quote,
  ServiceError,
  usd,
  verifyReceipt,
  waitForJob,
} from "./reel402-client";

const clipShape = {
  prompt: z.string().describe("What the clip shows (at most 2000 characters)."),
  model: z
    .enum(["alpha", "alpha-fast"])
    .default("alpha-fast")
    .describe("alpha: highest quality; alpha-fast: faster and cheaper."),
  duration: z.number().int().min(4).max(15).optional().describe("Seconds (custom clip)."),
  resolution: z
    .enum(["480p", "720p", "1080p"])
    .optional()
    .describe("Custom clip resolution; 1080p only on alpha."),
  ratio: z.enum(["16:9", "4:3", "1:1", "3:4", "9:16", "21:9", "adaptive"]).optional(),
  seed: z.number().int().min(-1).max(4294967295).optional(),
  audio: z.boolean().optional().describe("Generate synced audio (price × 1.25)."),
  camera_fixed: z.boolean().optional().describe("Lock the camera (custom clip, same price)."),
};

type ClipArgs = {
  prompt: string;
  model: "alpha" | "alpha-fast";
  duration?: number;
  resolution?: string;
  ratio?: string;
  seed?: number;
  audio?: boolean;
  camera_fixed?: boolean;
};

const toRequest = ({ camera_fixed, ...a }: ClipArgs): ClipRequest => ({
  ...a,
  fixedCamera: Boolean(camera_fixed),
});
const text = (t: string, structured?: Record<string, unknown>) => ({
  content: [{ type: "text" as const, text: t }],
  ...(structured ? { structuredContent: structured } : {}),
});
const failure = (error: unknown) => ({
  isError: true,
  content: [
    {
      type: "text" as const,
      text:
        error instanceof ServiceError
          ? `${error.code}: ${error.message}`
          : String((error as Error).message ?? error),
    },
  ],
});

/**
 * MCP tools over the same HTTP API: quote_video (free), generate_video (pays from the wallet,
 * within a budget the user set for this session), get_job.
 */
export function createMcpServer(
  baseUrl: string,
  account: PrivateKeyAccount | null,
  budgetAtomic: bigint,
) {
  let spent = 0n;
  const server = new McpServer({ name: "reel402", version: "1.0.0" });
  server.registerTool(
    "quote_video",
    {
      title: "Quote a video",
      description: "Exact USDC price of a clip for these parameters. Nothing is paid.",
      inputSchema: clipShape,
    },
    async (args) => {
      try {
        const q = await quote(baseUrl, toRequest(args as ClipArgs));
        return text(
          `${q.priceUsd} USDC (${q.required.accepts[0]?.network}). Budget left this session: ${usd(budgetAtomic - spent)} USDC.`,
          { price_usd: q.priceUsd, endpoint: q.path },
        );
      } catch (error) {
        return failure(error);
      }
    },
  );
  server.registerTool(
    "generate_video",
    {
      title: "Generate a video",
      description:
        "Pays the exact quote from the configured wallet (never above the session budget), waits for the clip and returns its download URL (valid about 24 h).",
      inputSchema: clipShape,
    },
    async (args) => {
      if (!account)
        return failure(
          new Error("no wallet configured: set REEL402_PRIVATE_KEY for the MCP server"),
        );
      try {
        const q = await quote(baseUrl, toRequest(args as ClipArgs));
        const left = budgetAtomic - spent;
        if (q.amountAtomic > left)
          return failure(
            new Error(
              `the clip costs ${q.priceUsd} USDC but only ${usd(left)} USDC of this session's budget is left`,
            ),
          );
        const paid = await pay(baseUrl, account, q, left);
        spent += q.amountAtomic;
        const job = await waitForJob(baseUrl, paid.jobId, () => undefined, 20 * 60_000);
        if (job.status !== "succeeded")
          return failure(
            new Error(`job ${job.job_id} ${job.status}: ${job.error?.message ?? "no video"}`),
          );
        const receipt = job.receipt ?? paid.receipt;
        const verified = receipt ? await verifyReceipt(baseUrl, receipt, job.job_id) : null;
        return text(
          `Video ready: ${job.video_url}\nJob ${job.job_id}, paid ${paid.priceUsd} USDC (settlement ${paid.transaction ?? "pending"}).\n${verified ? describeReceipt(verified) : "No receipt yet (settlement being confirmed)."}`,
          {
            job_id: job.job_id,
            video_url: job.video_url,
            video_expires_at: job.video_expires_at,
            price_usd: paid.priceUsd,
            transaction: paid.transaction,
            receipt,
            receipt_verified: verified?.ok ?? false,
          },
        );
      } catch (error) {
        return failure(error);
      }
    },
  );
  server.registerTool(
    "get_job",
    {
      title: "Get a job",
      description:
        "Status of a job and, once succeeded, its video URL; its signed payment receipt, verified against the service's published key.",
      inputSchema: { job_id: z.string().uuid() },
    },
    async ({ job_id }) => {
      try {
        const job = await getJob(baseUrl, job_id);
        const verified = job.receipt ? await verifyReceipt(baseUrl, job.receipt, job.job_id) : null;
        const result = { ...job, receipt_verified: verified?.ok ?? false };
        return text(
          `${JSON.stringify(job, null, 2)}\n${verified ? describeReceipt(verified) : "No receipt (not settled)."}`,
          result as unknown as Record<string, unknown>,
        );
      } catch (error) {
        return failure(error);
      }
    },
  );
  return server;
}

export async function runMcpServer(
  baseUrl: string,
  account: PrivateKeyAccount | null,
  budgetAtomic: bigint,
): Promise<void> {
  await createMcpServer(baseUrl, account, budgetAtomic).connect(new StdioServerTransport());
}
