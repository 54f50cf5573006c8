import "server-only";
import { type ModerationResult, categoryFromModeration } from "./moderation-categories";
import { reject, type ScreeningResult } from "./screen";

export type ModerationConfig = { url: string; apiKey?: string; timeoutMs: number };

const MODEL = "omni-moderation-latest";

/**
 * The optional second layer: a hosted moderation API speaking OpenAI's wire format. It fails
 * open (allow, with a warning) on a timeout, a non-2xx answer or an unreadable body, because the
 * local screen has already enforced every red line and an outage elsewhere should not stop sales.
 */
export async function moderate(config: ModerationConfig, prompt: string): Promise<ScreeningResult> {
  let result: ModerationResult | undefined;
  try {
    const res = await fetch(config.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: MODEL, input: prompt }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!res.ok) return failOpen(`HTTP ${res.status}`);
    result = ((await res.json()) as { results?: ModerationResult[] }).results?.[0];
  } catch (error) {
    return failOpen(error instanceof Error ? error.message : String(error));
  }
  if (!result || typeof result !== "object") return failOpen("no results in the answer");
  const category = categoryFromModeration(result);
  return category ? reject(category) : { allowed: true };
}

function failOpen(why: string): ScreeningResult {
  console.warn(
    `[screening] hosted moderation unavailable (${why}); the local screen's verdict stands`,
  );
  return { allowed: true };
}
