import { hasDisguisedDirective } from "./directive-dashes";
import { wordSet } from "./word-set";

/**
 * Command-line style directives ("--ar 16:9", "--seed 5", "—v 6") belong in request fields, not
 * in the prompt. A directive starts at a word boundary: "well--done" and "1990--2000" are prose.
 * Two or more dashes before a word are always a directive. A single em or en dash is ordinary
 * punctuation ("a sunset —breathtaking— over the sea"), so it only counts before a known
 * generator option, which is what a typographic "smart dash" turns "--v" into.
 */

const KNOWN_OPTIONS = wordSet(
  "ar aspect v version niji seed sameseed no s stylize q quality c chaos w weird tile style iw cref cw sref sw sv p personalize raw hd test testp upbeta uplight video fast relax turbo draft stop repeat r exp profile mode cfg steps sampler neg negative width height fps duration motion camera loop strength guidance scale model m h seconds resolution res size format public stealth",
);

// Input is canonical lower-case text, where every dash look-alike is already "-" or "—".
const DOUBLE_DASH = /(?:^|[^\p{L}\p{N}\-—])[-—]{2,}[\p{L}\p{N}]/u;
const SINGLE_DASH = /(?:^|[^\p{L}\p{N}\-—])—([a-z]+)(?![a-z])/gu;

export function hasFlagDirective(low: string): boolean {
  if (hasDisguisedDirective(low)) return true;
  const emDash = low.includes("—");
  if (!emDash && !low.includes("--")) return false;
  if (DOUBLE_DASH.test(low)) return true;
  if (!emDash) return false;
  for (const m of low.matchAll(SINGLE_DASH)) {
    if (KNOWN_OPTIONS.has(m[1] as string)) return true;
  }
  return false;
}
