import type { ScreeningCategory } from "./screen";

/** One result of OpenAI's moderation API (`results[0]`); only the booleans are read. */
export type ModerationResult = {
  flagged?: boolean;
  categories?: Record<string, boolean | undefined>;
};

/**
 * Which hosted categories refuse a prompt, and as which of ours. Only our published policy
 * (service spec, section 1) is enforced, so a refusal always names one of our categories:
 * - sexual/minors → minors; sexual → sexual; violence/graphic → graphic_violence.
 * - Plain `violence` passes: fantasy combat and action scenes without gore are allowed.
 * - harassment, hate, self-harm and illicit (and their sub-categories) pass: they judge text
 *   and intent, not what a clip shows, and are not in the policy our customers were promised.
 * Real people and `--flag` directives have no hosted counterpart; the local layer covers them.
 * Listed in order of severity: a prompt flagged several ways reports the most serious.
 */
const MAPPED: readonly [hosted: string, ours: ScreeningCategory][] = [
  ["sexual/minors", "minors"],
  ["sexual", "sexual"],
  ["violence/graphic", "graphic_violence"],
];

/** Our category for a hosted moderation result, or null when it does not break our policy. */
export function categoryFromModeration(result: ModerationResult): ScreeningCategory | null {
  const flagged = result.categories ?? {};
  for (const [hosted, ours] of MAPPED) if (flagged[hosted] === true) return ours;
  return null;
}
