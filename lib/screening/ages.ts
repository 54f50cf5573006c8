import { ANIMAL_MODIFIERS, ANIMALS, HUMAN_WORDS } from "./allow-list";
import type { Token } from "./normalize";
import { wordSet } from "./word-set";

/**
 * Ages under 18 and school grades: "12-year-old", "a 15 yo", "8yo", "aged 9", "at the age of
 * 12", "fifteen years old", "a girl of about ten", "5th grader", "grade 3 students", "year 7 pupils". An age that
 * belongs to a thing or an animal passes: "a 12-year-old single malt", "my dog is 14 years old".
 */

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
};
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
};
const UNITS = wordSet("year years yr yrs month months mo mos week weeks day days");
const GRADE_WORDS = new Set(["grade", "grades", "grader", "graders"]);
const PUPIL_WORDS = wordSet(
  "student students pupil pupils class classes classroom kid kids girl girls boy boys",
);
// Things that have ages in years: drinks, food, buildings, objects.
const THINGS = wordSet(
  "whisky whiskey whiskies scotch bourbon malt single rum brandy cognac wine wines port sherry cheese cheddar gouda parmesan tree trees oak oaks olive bonsai house houses home building buildings car cars truck bike motorcycle boat ship guitar violin piano bottle bottles barrel barrels vintage tradition company brand business recipe starter sourdough vinegar balsamic tea tequila mezcal sake game video photo photograph painting castle church bridge vine vines forest sequoia redwood cask casks blend machine computer laptop phone camera watch clock coin stamp map book letter record vinyl song album mansion cabin farm barn mill temple ruin ruins statue sculpture",
);

const TRIGGERS = new Set([
  ...Object.keys(NUMBER_WORDS),
  ...Object.keys(ORDINALS),
  "aged",
  "age",
  "ages",
  "grade",
  "year",
  "of",
]);
const OF_AGE_NOUNS = new Set([
  "girl",
  "girls",
  "boy",
  "boys",
  "child",
  "children",
  "kid",
  "kids",
  "daughter",
  "son",
  "twins",
  "student",
  "students",
]);
const APPROXIMATELY = new Set([
  "about",
  "around",
  "maybe",
  "roughly",
  "nearly",
  "almost",
  "only",
  "just",
  "barely",
]);

function numberAt(tokens: readonly Token[], i: number): number | undefined {
  const w = tokens[i]?.w;
  if (w === undefined) return undefined;
  if (/^\d{1,2}$/.test(w)) return Number(w);
  return NUMBER_WORDS[w];
}

const isThing = (w: string | undefined): boolean =>
  w !== undefined && (THINGS.has(w) || ANIMALS.has(w));

/** The age belongs to a thing: "a 12-year-old [golden] retriever", or "the oak is 500 years old". */
function ownedByThing(tokens: readonly Token[], start: number, end: number): boolean {
  const next = tokens[end + 1]?.w;
  if (isThing(next)) return true;
  if (next !== undefined && ANIMAL_MODIFIERS.has(next) && isThing(tokens[end + 2]?.w)) return true;
  for (let k = start - 1; k >= Math.max(0, start - 5); k--) {
    const w = (tokens[k] as Token).w;
    if (HUMAN_WORDS.has(w)) return false;
    if (isThing(w)) return true;
    if ((tokens[k] as Token).brk) break;
  }
  return false;
}

/** Whether the words give an age under 18 or a school grade. */
export function mentionsMinorAge(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const w = (tokens[i] as Token).w;
    const c = w.charCodeAt(0);
    // Only numbers and a handful of words can start an age or a grade.
    if (!(c >= 0x30 && c <= 0x39) && !TRIGGERS.has(w)) continue;
    const next = tokens[i + 1]?.w;
    const n = numberAt(tokens, i);
    if (n !== undefined && n < 18) {
      // "12 year old", "12 years old", "6 month old", "12 yo", "12 y o", "12 years of age"
      let end = -1;
      if (next !== undefined && UNITS.has(next) && tokens[i + 2]?.w === "old") end = i + 2;
      else if (next === "yo" || next === "yos") end = i + 1;
      else if (next === "y" && tokens[i + 2]?.w === "o") end = i + 2;
      else if (
        next !== undefined &&
        UNITS.has(next) &&
        tokens[i + 2]?.w === "of" &&
        tokens[i + 3]?.w === "age"
      )
        end = i + 3;
      if (end >= 0 && !ownedByThing(tokens, i, end)) return true;
    }
    // "8yo", "12yr", "12yrs", "12yearold"
    const glued = /^(\d{1,2})(?:yo|yr|yrs|yearold|yearsold|yrold|yrsold)$/.exec(w);
    if (glued && Number(glued[1]) < 18 && !ownedByThing(tokens, i, i)) return true;
    // "aged 9", "age 12", "ages 8 to 12", "at the age of 12"; not "aged 12 years" (whisky)
    if (w === "aged" || w === "age" || w === "ages") {
      const at = next === "of" ? i + 2 : i + 1;
      const m = numberAt(tokens, at);
      const after = tokens[at + 1]?.w;
      if (
        m !== undefined &&
        m < 18 &&
        !(w === "aged" && after !== undefined && UNITS.has(after)) &&
        !ownedByThing(tokens, i, at)
      )
        return true;
    }
    // "a girl of ten", "a boy of about 12"
    if (w === "of" && i > 0 && OF_AGE_NOUNS.has((tokens[i - 1] as Token).w)) {
      const at = APPROXIMATELY.has(next ?? "") ? i + 2 : i + 1;
      const m = numberAt(tokens, at);
      if (m !== undefined && m < 18 && !UNITS.has(tokens[at + 1]?.w ?? "")) return true;
    }
    // "5th grade", "5th grader", "fifth graders"
    if (next !== undefined && GRADE_WORDS.has(next)) {
      const ordinal = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(w);
      const g = ordinal ? Number(ordinal[1]) : ORDINALS[w];
      if (g !== undefined && g >= 1 && g <= 12) return true;
    }
    // "grade 5 students", "year 7 pupils"
    if ((w === "grade" || w === "year") && PUPIL_WORDS.has(tokens[i + 2]?.w ?? "")) {
      const g = numberAt(tokens, i + 1);
      if (g !== undefined && g >= 1 && g <= 13) return true;
    }
  }
  return false;
}
