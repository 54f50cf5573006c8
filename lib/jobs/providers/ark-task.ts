import { z } from "zod";

/**
 * A ModelArk content-generation task as GET /tasks/{id}, the list API's `items` and the
 * completion callback all carry it (byteplus-python-sdk-v2,
 * byteplussdkarkruntime/types/content_generation/content_generation_task.py). Only what we
 * read is checked; anything else Ark adds passes.
 */
export const arkTask = z.object({
  id: z.string().min(1).max(256),
  status: z.string(),
  model: z.string().nullish(),
  content: z.object({ video_url: z.string().optional() }).nullish(),
  error: z.object({ code: z.string().optional() }).nullish(),
  seed: z.number().nullish(),
  framespersecond: z.number().nullish(),
  /** Unix seconds. */
  created_at: z.number().nullish(),
  safety_identifier: z.string().nullish(),
  execution_expires_after: z.number().nullish(),
});
export type ArkTask = z.infer<typeof arkTask>;

/** GET /api/v3/contents/generations/tasks: one page of tasks and how many match in all. */
export const arkTaskPage = z.object({
  total: z.number().int().nonnegative(),
  items: z.array(arkTask).nullish(),
});

/** States after which a task neither renders nor bills again. */
export const ENDED = new Set(["succeeded", "failed", "cancelled", "expired"]);

/**
 * `execution_expires_after`: Ark stops (state `expired`) a task unfinished after this many
 * seconds; it takes [3600, 259200], default 172800 (video generation API,
 * https://docs.byteplus.com/en/docs/ModelArk/1520757). Our attempt deadline is usually shorter
 * than Ark's floor: the engine cancels a queued task itself, and Ark's limit is the backstop.
 */
export function executionLimit(seconds: number): number {
  return Math.min(259_200, Math.max(3_600, Math.ceil(seconds)));
}
