/**
 * Directives behind a disguised dash: "- -ar 16:9" (a space, or an invisible character that
 * canonical() already dropped, between the dashes), a single hyphen-like mark before an option
 * and its value ("‐ar 16:9", "−v 6", "－seed 42"), a dash then a space ("— ar 3:2"), or a dash
 * glued to the word before it ("city—ar 21:9"). Every mark that renders as a horizontal stroke
 * counts as a dash here. To keep prose ("2024–2025", "a cat — no, a lynx", "10–20 km") a single
 * dash only counts before an option that takes a value, followed by that value.
 */

// Hyphens, dashes, minus signs and other strokes (box drawing, macron-like, katakana's long
// vowel mark) after canonical(), which has already folded many of them to "-" or "—".
const STROKES =
  /[\u002d\u00af\u02c9\u02d7\u058a\u05be\u1400\u1806\u2010-\u2015\u2043\u207b\u208b\u2212\u2500\u2501\u23af\u2796\u2e17\u2e1a\u2e3a\u2e3b\u2e40\u301c\u3030\u30a0\u30fc\ufe31\ufe32\ufe58\ufe63\uff0d\uff70]/g;
const ANY_STROKE = new RegExp(STROKES.source);

// Options that take a value, and what the value looks like.
const VALUED =
  "ar|aspect|v|version|niji|seed|sameseed|s|stylize|q|quality|c|chaos|w|weird|iw|cw|sw|sv|stop|r|repeat|fps|duration|cfg|steps|width|height|seconds|strength|guidance|scale|motion|style|no|p|exp";
const VALUE = "(?:\\d+(?:[.:/x]\\d+)?|raw|cute|expressive|scenic|original)(?![\\p{L}\\p{N}])";

// Dashes split by spaces ("- -ar") are read as one run first. The lookbehinds keep every
// search linear: a run of dashes is only tried from its first dash.
const SPLIT_RUN = /-(?:[ \t]*-)+/g;
const DOUBLE = /(?<![\p{L}\p{N}-])--+[\p{L}\p{N}]/u;
const VALUED_AFTER_DASH = new RegExp(`(?<![\\p{L}\\p{N}-])-+\\s?(?:${VALUED})\\s*${VALUE}`, "u");
const EM_LIKE_ALL = /[\u2013-\u2015\u2e3a\u2e3b\ufe31\ufe32\ufe58]/g;
const EM_LIKE = new RegExp(EM_LIKE_ALL.source);
const GLUED = new RegExp(`[\\p{L}\\p{N}]—(?:${VALUED})\\s*${VALUE}`, "u");

/** Whether canonical lower-case text carries a directive behind a disguised or spaced dash. */
export function hasDisguisedDirective(low: string): boolean {
  if (!ANY_STROKE.test(low)) return false;
  // Em-dash-like marks glued to a word are kept apart: "city—ar 21:9" is a directive, but a
  // hyphen in "well-v 6" style compounds is not read that way.
  if (EM_LIKE.test(low) && GLUED.test(low.replace(EM_LIKE_ALL, "—"))) return true;
  const dashes = low.replace(STROKES, "-").replace(SPLIT_RUN, "--");
  return DOUBLE.test(dashes) || VALUED_AFTER_DASH.test(dashes);
}
