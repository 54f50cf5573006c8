import { type ScreeningResult, screen } from "./screen";

// Agents re-send the same prompt (a quote, then the paid retry; a flood sends one prompt
// thousands of times): the local screen is pure, so a prompt's verdict is worked out once and kept.
const MAX_ENTRIES = 1_000;
// Longer prompts are screened each time, so the map holds a few megabytes at most.
const MAX_CACHED_CHARS = 2_000;

const verdicts = new Map<string, ScreeningResult>();

/**
 * The local screen's verdict on exactly this prompt, from memory when it was screened lately.
 * Keyed by the prompt as sent, character for character, so a cached verdict is the one `screen`
 * would give it again; the least recently asked entry goes first once the map is full.
 */
export function cachedScreen(prompt: string): ScreeningResult {
  const known = verdicts.get(prompt);
  if (known) {
    verdicts.delete(prompt);
    verdicts.set(prompt, known);
    return known;
  }
  const verdict = Object.freeze(screen(prompt));
  if (prompt.length > MAX_CACHED_CHARS) return verdict;
  if (verdicts.size >= MAX_ENTRIES) {
    const oldest = verdicts.keys().next();
    if (!oldest.done) verdicts.delete(oldest.value);
  }
  verdicts.set(prompt, verdict);
  return verdict;
}
