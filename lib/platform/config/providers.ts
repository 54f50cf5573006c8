import { z } from "zod";
import { type AreaContext, bool, commaList, int, type Vars } from "@/lib/platform/config/fields";

/** An official Replicate model, `owner/name` (no version: official models run their latest). */
const replicateModel = z.string().regex(/^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/i);

/** The upstream video providers, in the order they are tried, with their keys and models. */
export const providersVariables = {
  PROVIDERS: commaList("local").pipe(z.array(z.enum(["local", "ark", "fal", "replicate"])).min(1)),
  LOCAL_RENDER_MIN_LATENCY_MS: int(0),
  LOCAL_RENDER_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  LOCAL_RENDER_WAIT_ONLY: bool,
  ARK_BASE_URL: z.string().url().default("https://ark.ap-southeast.bytepluses.com"),
  ARK_API_KEY: z.string().min(1).optional(),
  ARK_MODEL_ALPHA: z.string().min(1).default("dreamina-seedance-2-0-260128"),
  ARK_MODEL_ALPHA_FAST: z.string().min(1).default("dreamina-seedance-2-0-fast-260128"),
  FAL_QUEUE_URL: z.string().url().default("https://queue.fal.run"),
  FAL_REST_URL: z.string().url().default("https://rest.fal.ai"),
  FAL_JWKS_URL: z.string().url().default("https://rest.fal.ai/.well-known/jwks.json"),
  FAL_KEY: z.string().min(1).optional(),
  FAL_ENDPOINT_ALPHA: z.string().min(1).default("bytedance/seedance-2.0/text-to-video"),
  FAL_ENDPOINT_ALPHA_FAST: z.string().min(1).default("bytedance/seedance-2.0/fast/text-to-video"),
  REPLICATE_BASE_URL: z.string().url().default("https://api.replicate.com"),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_MODEL_ALPHA: replicateModel.default("bytedance/seedance-2.0"),
  REPLICATE_MODEL_ALPHA_FAST: replicateModel.default("bytedance/seedance-2.0-fast"),
  REPLICATE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
  UPSTREAM_REQUEST_TIMEOUT_MS: int(30_000, 1),
};

export function providersConfig(
  e: Vars<typeof providersVariables>,
  { devnet, problems }: AreaContext,
) {
  // Failing paid renders on purpose is a soak-test knob; in production it would only cost refunds.
  if (!devnet && e.LOCAL_RENDER_FAULT_RATE > 0)
    problems.push("LOCAL_RENDER_FAULT_RATE is only for the devnet");
  // Every job of a wait-only renderer delivers the same stock clip: a benchmark's knob, never a product.
  if (!devnet && e.LOCAL_RENDER_WAIT_ONLY)
    problems.push("LOCAL_RENDER_WAIT_ONLY is only for the devnet");
  if (e.PROVIDERS.includes("ark") && !e.ARK_API_KEY)
    problems.push("ARK_API_KEY is required when PROVIDERS includes ark");
  if (e.PROVIDERS.includes("fal") && !e.FAL_KEY)
    problems.push("FAL_KEY is required when PROVIDERS includes fal");
  if (e.PROVIDERS.includes("replicate") && !e.REPLICATE_API_TOKEN)
    problems.push("REPLICATE_API_TOKEN is required when PROVIDERS includes replicate");
  return {
    providers: {
      order: e.PROVIDERS,
      local: {
        minLatencyMs: e.LOCAL_RENDER_MIN_LATENCY_MS,
        faultRate: e.LOCAL_RENDER_FAULT_RATE,
        waitOnly: e.LOCAL_RENDER_WAIT_ONLY,
      },
      ark: {
        baseUrl: e.ARK_BASE_URL,
        apiKey: e.ARK_API_KEY ?? "",
        models: { "alpha-2.0": e.ARK_MODEL_ALPHA, "alpha-2.0-fast": e.ARK_MODEL_ALPHA_FAST },
      },
      fal: {
        queueBaseUrl: e.FAL_QUEUE_URL,
        restBaseUrl: e.FAL_REST_URL,
        jwksUrl: e.FAL_JWKS_URL,
        apiKey: e.FAL_KEY ?? "",
        endpoints: {
          "alpha-2.0": e.FAL_ENDPOINT_ALPHA,
          "alpha-2.0-fast": e.FAL_ENDPOINT_ALPHA_FAST,
        },
      },
      replicate: {
        baseUrl: e.REPLICATE_BASE_URL,
        apiKey: e.REPLICATE_API_TOKEN ?? "",
        models: {
          "alpha-2.0": e.REPLICATE_MODEL_ALPHA,
          "alpha-2.0-fast": e.REPLICATE_MODEL_ALPHA_FAST,
        },
        webhookSecret: e.REPLICATE_WEBHOOK_SECRET,
      },
      requestTimeoutMs: e.UPSTREAM_REQUEST_TIMEOUT_MS,
    },
  };
}
