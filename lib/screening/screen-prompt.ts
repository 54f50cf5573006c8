import "server-only";
import { type ModerationConfig, moderate } from "./hosted-moderation";
import type { ScreeningResult } from "./screen";
import { cachedScreen } from "./screen-cache";

/**
 * The content policy before payment: the local screen is authoritative and runs first, so the
 * hosted layer (when configured) never sees a prompt that is already refused and can only add
 * refusals, never lift one.
 */
export async function screenPrompt(
  prompt: string,
  moderation: ModerationConfig | null,
): Promise<ScreeningResult> {
  const local = cachedScreen(prompt);
  if (!local.allowed || !moderation) return local;
  return moderate(moderation, prompt);
}
