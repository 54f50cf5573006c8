import { writtenMinorAge } from "./age-forms";
import { mentionsMinorAge } from "./ages";
import { coverage } from "./coverage";
import { decodedVariants } from "./deobfuscate";
import { emojiCategory, euphemisticSex, evasiveMinor } from "./evasion-context";
import { EVASION_SEXUAL_TERMS, EVASION_VIOLENCE_TERMS, SLANG_EVERYDAY } from "./evasion-terms";
import { hasFlagDirective } from "./flags";
import {
  type Flags,
  foreignFunctionWord,
  isLexiconWord,
  multilingualFlags,
  negatedInPromptLanguage,
  safeCoverage,
  safeSubstringMask,
} from "./multilingual";
import { canonical, lookalikeReading, type Token, tokenize } from "./normalize";
import { type Phrase, PhraseIndex } from "./phrase-index";
import { findNameVariant } from "./name-variants";
import { findNativeName, findRealPerson, isNameWord, mentionsName } from "./real-people";
import { compact, UNSPACED } from "./scripts";
import { LIKENESS_TERMS, MINOR_TERMS, SEXUAL_TERMS, VIOLENCE_TERMS } from "./terms";
import { misspelledTerm } from "./typos";
import { violentAct } from "./violent-acts";
import { wordSet } from "./word-set";

/**
 * The content policy, applied before payment. Pure: a prompt in, a verdict out; the vocabulary
 * and name index are built once at module load. The decisions behind the word lists are
 * documented at the top of terms.ts.
 *
 * The prompt is read in its canonical form (Unicode tricks undone) and, when it carries any
 * sign of disguise, in each decoded reading too (leetspeak, spelled-out letters). Every form
 * must pass. Ages, names and phrases are matched on words, except in Han, kana and Thai, which
 * have no spaces between words: there lexicon entries and names are found as substrings
 * (multilingual.ts). Other languages' lexicons are read alongside the English rules.
 */

export type ScreeningCategory =
  | "minors"
  | "real_person"
  | "sexual"
  | "graphic_violence"
  | "flag_directive";
export type ScreeningResult =
  | { allowed: true }
  | { allowed: false; category: ScreeningCategory; reason: string };

const REASONS: Record<ScreeningCategory, string> = {
  minors: "Prompts that depict children or teenagers are not allowed.",
  real_person:
    "Prompts that depict real, identifiable people, their likeness, face swaps or deepfakes are not allowed.",
  sexual: "Sexually explicit content and nudity are not allowed.",
  graphic_violence: "Graphic violence and gore are not allowed.",
  flag_directive:
    "Parameter directives such as --ar or --v are not allowed in the prompt; use the request fields instead.",
};

/** When a prompt breaks several rules, the most serious one is reported. */
const SEVERITY: readonly ScreeningCategory[] = [
  "minors",
  "real_person",
  "sexual",
  "graphic_violence",
  "flag_directive",
];
type TermCategory = Exclude<ScreeningCategory, "flag_directive">;

const TERMS = new PhraseIndex<TermCategory>();
for (const entry of MINOR_TERMS) TERMS.addEntry(entry, "minors");
for (const entry of SEXUAL_TERMS) TERMS.addEntry(entry, "sexual");
for (const entry of VIOLENCE_TERMS) TERMS.addEntry(entry, "graphic_violence");
for (const entry of LIKENESS_TERMS) TERMS.addEntry(entry, "real_person");
// Slang has an index of its own: its phrases are full of everyday words ("her", "in", "like")
// that must not count as rule words, or every prompt with a digit in it would be decoded again.
const SLANG = new PhraseIndex<TermCategory>();
for (const entry of EVASION_SEXUAL_TERMS) SLANG.addEntry(entry, "sexual");
for (const entry of EVASION_VIOLENCE_TERMS) SLANG.addEntry(entry, "graphic_violence");
const isSlangWord = (word: string): boolean => SLANG.knows(word) && !SLANG_EVERYDAY.has(word);

const NEGATORS = new Set([
  "no",
  "not",
  "without",
  "non",
  "zero",
  "avoid",
  "avoiding",
  "never",
  "nothing",
  "none",
  "nor",
  "minus",
  "excluding",
  "exclude",
  "dont",
  "doesnt",
]);
const FILLERS = new Set([
  "any",
  "graphic",
  "explicit",
  "excessive",
  "visible",
  "real",
  "realistic",
  "actual",
  "gratuitous",
  "too",
  "overly",
  "much",
  "more",
  "showing",
  "show",
  "shown",
  "depicting",
  "obvious",
  "overt",
  "extreme",
  "heavy",
  "intense",
]);
const CONNECTORS = new Set(["or", "and", "nor"]);

const wordAt = (tokens: readonly Token[], k: number): string => tokens[k]?.w ?? "";

function negatedAt(tokens: readonly Token[], i: number, length: number): boolean {
  const before = wordAt(tokens, i - 1);
  if (NEGATORS.has(before)) return true;
  if (FILLERS.has(before) && NEGATORS.has(wordAt(tokens, i - 2))) return true;
  if (before === "of" && (wordAt(tokens, i - 2) === "free" || wordAt(tokens, i - 2) === "devoid"))
    return true;
  if (wordAt(tokens, i + length) === "free") return true;
  // "no blood or gore", "no explicit nudity or gore"
  if (CONNECTORS.has(before)) {
    const third = wordAt(tokens, i - 3);
    if (NEGATORS.has(third) || (NEGATORS.has(wordAt(tokens, i - 4)) && FILLERS.has(third)))
      return true;
  }
  return false;
}

const termMatches: Array<Phrase<TermCategory>> = [];

const PERSON_OBJECTS = new Set([
  "him",
  "her",
  "them",
  "me",
  "us",
  "myself",
  "himself",
  "herself",
  "themselves",
  "yourself",
]);
const ROLES = wordSet(
  "president prime minister king queen prince princess pope actor actress singer rapper celebrity star famous chancellor ceo founder billionaire footballer athlete",
);

/**
 * "make him look like <Name>" or "... like the president": a proper name or a real office
 * after "like". "make them look like zombies" or "like a pirate" is a costume, not a likeness.
 */
function likenessRequest(tokens: readonly Token[]): boolean {
  for (let i = 0; i + 3 < tokens.length; i++) {
    const w = (tokens[i] as Token).w;
    if (w !== "make" && w !== "makes" && w !== "making") continue;
    let j = i + 1;
    const obj = tokens[j]?.w ?? "";
    if (obj === "my" || obj === "the" || obj === "this" || obj === "that") j += 2;
    else if (PERSON_OBJECTS.has(obj)) j += 1;
    else continue;
    if (tokens[j]?.w !== "look" && tokens[j]?.w !== "looks") continue;
    j++;
    if (tokens[j]?.w === "exactly" || tokens[j]?.w === "just") j++;
    if (tokens[j]?.w !== "like") continue;
    const target = tokens[j + 1];
    if (target === undefined) continue;
    if (target.cap && target.w !== "a" && target.w !== "an" && target.w !== "the") return true;
    const after = tokens[j + 2];
    if (target.w === "the" && after !== undefined && (after.cap || ROLES.has(after.w))) return true;
  }
  return false;
}

type Hit = { at: number; length: number; category: TermCategory };

/** Refused phrases found in the words, before safe phrases and negations are considered. */
function termHits(tokens: readonly Token[]): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const count = TERMS.collect(tokens, i, false, termMatches);
    for (let m = 0; m < count; m++) {
      const phrase = termMatches[m] as Phrase<TermCategory>;
      hits.push({ at: i, length: phrase.words.length, category: phrase.tag });
    }
    const slang = SLANG.collect(tokens, i, false, termMatches);
    for (let m = 0; m < slang; m++) {
      const phrase = termMatches[m] as Phrase<TermCategory>;
      hits.push({ at: i, length: phrase.words.length, category: phrase.tag });
    }
    // Spellings no list can hold: "kidz" for kids, "decaptiated" for decapitated.
    const w = (tokens[i] as Token).w;
    if (count === 0 && w.length >= 4) {
      const plural = w.endsWith("z") ? TERMS.single(`${w.slice(0, -1)}s`)[0]?.tag : undefined;
      const category = plural ?? misspelledTerm(w);
      if (category !== null && category !== undefined) hits.push({ at: i, length: 1, category });
    }
  }
  return hits;
}

/** The most serious category the words (and, for Han, kana and Thai, the compacted text) trip, or null. */
function scan(
  tokens: readonly Token[],
  primary: boolean,
  compactText: string | null,
): TermCategory | null {
  const hits = termHits(tokens);
  const named = mentionsName(tokens);
  // Safe phrases only matter when something could be refused, which is rare: skip them otherwise.
  const covered = hits.length > 0 || named ? coverage(tokens) : new Uint8Array(0);
  // Other languages' safe phrases cover English words too ("disegno di un bambino" is a
  // drawing), but not names: they are written for refused words ("소년단" in 방탄소년단).
  const termCovered = hits.length > 0 ? Uint8Array.from(covered) : covered;
  if (hits.length > 0) {
    const lexiconSafe = safeCoverage(tokens);
    for (let k = 0; k < termCovered.length; k++)
      termCovered[k] = (termCovered[k] as number) | (lexiconSafe[k] as number);
  }
  const flags: Flags = { minors: false, sexual: false, violent: false, likeness: false };
  for (const { at, length, category } of hits) {
    let safe = false;
    for (let k = at; k < at + length; k++) if (termCovered[k]) safe = true;
    if (safe) continue;
    if (
      category !== "real_person" &&
      ((negatedAt(tokens, at, length) && !foreignFunctionWord(tokens, at - 1)) ||
        negatedInPromptLanguage(tokens, at))
    )
      continue;
    if (category === "minors") return "minors";
    if (category === "real_person") flags.likeness = true;
    else if (category === "sexual") flags.sexual = true;
    else flags.violent = true;
  }
  if (mentionsMinorAge(tokens) || writtenMinorAge(tokens)) return "minors";
  multilingualFlags(tokens, compactText, flags);
  if (flags.minors || evasiveMinor(tokens, flags.sexual)) return "minors";
  if (
    flags.likeness ||
    (named && findRealPerson(tokens, covered) !== null) ||
    (compactText !== null &&
      findNativeName(compactText, () => safeSubstringMask(compactText)) !== null) ||
    (primary && likenessRequest(tokens)) ||
    // Misspelled or reordered names, in the prompt as written only: decoded readings are for
    // disguises the exact names then catch, and reading every one again costs time.
    (primary && findNameVariant(tokens, () => (named ? covered : coverage(tokens))) !== null)
  )
    return "real_person";
  if (flags.sexual || euphemisticSex(tokens)) return "sexual";
  return flags.violent || violentAct(tokens) ? "graphic_violence" : null;
}

/** Two one-character words in a row: the only way letters spelled one by one can show up. */
function hasLetterRun(tokens: readonly Token[]): boolean {
  for (let i = 1; i < tokens.length; i++)
    if ((tokens[i] as Token).w.length === 1 && (tokens[i - 1] as Token).w.length === 1) return true;
  return false;
}

/** Whether a decoded word could change a verdict: some rule or name uses it. */
const isTermWord = (word: string): boolean => TERMS.knows(word) || isLexiconWord(word);
// Slang words are worth decoding ("n5fw") but never worth joining hyphenated words for.
const matters = (word: string): boolean =>
  isTermWord(word) || isSlangWord(word) || isNameWord(word);

/** A word written in look-alike letters worth unmasking: an English rule's word or a name's, three letters or more. */
const disguisedEnglish = (word: string): boolean =>
  word.length >= 3 && (TERMS.knows(word) || isSlangWord(word) || isNameWord(word));

/** The refusal for a category, with the reason the API reports. */
export const reject = (category: ScreeningCategory): ScreeningResult => ({
  allowed: false,
  category,
  reason: REASONS[category],
});

export function screen(prompt: string): ScreeningResult {
  const text = canonical(prompt);
  const low = text.toLowerCase();
  let worst: ScreeningCategory | null = hasFlagDirective(low) ? "flag_directive" : null;
  const primary = tokenize(text, low);
  const compactText = UNSPACED.test(low) ? compact(low) : null;
  const forms: Token[][] = [primary];
  for (const variant of decodedVariants(low, matters, isTermWord, hasLetterRun(primary)))
    forms.push(tokenize(variant));
  const folded = lookalikeReading(text, disguisedEnglish);
  if (folded !== null) forms.push(tokenize(folded));
  for (let f = 0; f < forms.length; f++) {
    const category = scan(forms[f] as Token[], f === 0, f === 0 ? compactText : null);
    if (
      category !== null &&
      (worst === null || SEVERITY.indexOf(category) < SEVERITY.indexOf(worst))
    )
      worst = category;
    if (worst === "minors") break;
  }
  const emoji = worst === "minors" ? null : emojiCategory(text, primary, worst === "sexual");
  if (emoji !== null && (worst === null || SEVERITY.indexOf(emoji) < SEVERITY.indexOf(worst)))
    worst = emoji;
  return worst === null ? { allowed: true } : reject(worst);
}

/** Exposed for tests and the evaluation script. */
export const SCREENING_VOCABULARY_SIZE = TERMS.size;
