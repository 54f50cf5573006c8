import { EVASION_SUPPLEMENT } from "./evasion-terms";
import { SUPPLEMENT } from "./lexicon-supplement";
import { LEXICONS } from "./lexicons";
import type { Lexicon } from "./lexicons/types";
import { canonical, type Token, tokenize } from "./normalize";
import { expand, markPhrases, type Phrase, PhraseIndex } from "./phrase-index";
import { HANGUL, hangulStem, LATIN_WORD, UNSPACED } from "./scripts";
import { SubstringIndex } from "./substring-index";
import { wordSet } from "./word-set";

/**
 * Every language's lexicon (lexicons/*.ts) in two indexes: words for scripts written with spaces
 * (Latin, Cyrillic, Arabic, Devanagari, Hangul), substrings for Han, kana and Thai. English has
 * its own rules in screen.ts; this module adds the other languages on top.
 *
 * A Latin-script word of one language can be an ordinary word of another: German "Kind" is
 * English "kind", French "ado" is "much ado". Such a word (a stopword of another language, a
 * listed common English word, or three letters or fewer) fires only when the prompt reads as its
 * language: its stopwords are among the most frequent of the prompt. Every other word fires
 * whatever the language around it, so a red line inside a mixed prompt still trips.
 */

export type TermCategory = "minors" | "real_person" | "sexual" | "graphic_violence";
type Tag = { category: TermCategory; lang: string; gated: boolean };

// English function words, for telling an English prompt from another Latin-script one.
const ENGLISH_STOPWORDS =
  "a an the and or but of in on at to for with without by from as is are was were be been being it its this that these those he she they we you i his her their our my your him them who which what there here into over under while after before about".split(
    " ",
  );
const ENGLISH_NEGATORS = ["no", "not", "without", "never", "none", "nothing", "avoid"];
// Words of other languages' lists that are also everyday English words.
const COMMON_ENGLISH = wordSet(
  "naga guillotine kind kinder sang nu bébé bebe pan fin son hot mist gift bad boot brand chef die dame gang handy rock slip tag kids pupil minor menor dom boy boys baby babies nude nudes sex gore massacre",
);

const KOREAN_WHOLE = new Set(["고어", "전라", "성기"]);

const WORDS = new PhraseIndex<Tag>(2);
const SUBSTRINGS = new SubstringIndex<Tag>();
const SAFE_WORDS = new PhraseIndex<true>(2);
const SAFE_SUBSTRINGS = new SubstringIndex<true>();
const STOPWORDS = new Map<string, string[]>();
const NEGATORS = new Map<string, Set<string>>();
const UNSPACED_NEGATORS = new Map<string, string[]>();
/** Entries that could not be indexed (a "*" stem too short), reported by the evaluation script. */
export const SKIPPED_ENTRIES: string[] = [];

for (const w of ENGLISH_STOPWORDS) STOPWORDS.set(w, ["en"]);
for (const lex of LEXICONS) {
  for (const raw of lex.stopwords) {
    const w = canonical(raw).toLowerCase();
    const langs = STOPWORDS.get(w) ?? [];
    if (!langs.includes(lex.lang)) langs.push(lex.lang);
    STOPWORDS.set(w, langs);
  }
}

/** The phrase's words as the tokenizer reads them, keeping a trailing "*"; or the joined substring for unspaced scripts. */
function forms(entry: string): Array<{ words: string[] } | { substring: string }> {
  const out: Array<{ words: string[] } | { substring: string }> = [];
  for (const words of expand(canonical(entry).toLowerCase())) {
    const joined = words.join(" ");
    if (UNSPACED.test(joined)) {
      out.push({ substring: joined.replace(/\*/g, "") });
      continue;
    }
    const tokens: string[] = [];
    for (const w of words) {
      const star = w.endsWith("*");
      const parts = tokenize(star ? w.slice(0, -1) : w).map((t) => t.w);
      if (star && parts.length > 0) parts[parts.length - 1] += "*";
      tokens.push(...parts);
    }
    // Korean verbs conjugate at the end ("죽인" → "죽인다", "죽인 뒤"): the last word of a Korean
    // phrase of several words matches as a prefix. Single words do not (아이 is in 아이디어).
    const last = tokens[tokens.length - 1];
    if (
      tokens.length > 1 &&
      last !== undefined &&
      HANGUL.test(last) &&
      !last.endsWith("*") &&
      last.length >= 2
    )
      tokens[tokens.length - 1] = `${last}*`;
    if (tokens.length > 0) out.push({ words: tokens });
  }
  return out;
}

function ambiguous(word: string, lang: string): boolean {
  const bare = word.replace(/\*$/, "");
  if (bare.length <= 3 || COMMON_ENGLISH.has(bare)) return true;
  const langs = STOPWORDS.get(bare);
  return langs?.some((l) => l !== lang) ?? false;
}

// One tag object per language, category and gating, shared by all its phrases.
const TAGS = new Map<string, Tag>();
function tagFor(category: TermCategory, lang: string, gated: boolean): Tag {
  const key = `${category}|${lang}|${gated}`;
  let tag = TAGS.get(key);
  if (tag === undefined) {
    tag = { category, lang, gated };
    TAGS.set(key, tag);
  }
  return tag;
}

/** `added`: phrases already indexed; particle and spelling variants often expand to the same words. */
function addTerms(
  lex: Lexicon,
  entries: readonly string[],
  category: TermCategory,
  added: Set<string>,
): void {
  for (const entry of entries) {
    for (const form of forms(entry)) {
      if ("substring" in form) {
        SUBSTRINGS.add(form.substring, tagFor(category, lex.lang, false));
        continue;
      }
      // A Korean noun for an act takes endings too (자살 → 자살한, 총살 → 총살형): prefix, except
      // for minors (아이 is in 아이디어) and nouns that begin ordinary words (고어 in 고어텍스).
      const only = form.words[0] as string;
      if (
        form.words.length === 1 &&
        category !== "minors" &&
        HANGUL.test(only) &&
        only.length >= 2 &&
        !only.endsWith("*") &&
        !KOREAN_WHOLE.has(only)
      ) {
        // "총살을", "총살이" and "총살" are all "총살*".
        const stem = hangulStem(only);
        form.words[0] = `${stem !== undefined && stem.length >= 2 && !KOREAN_WHOLE.has(stem) ? stem : only}*`;
      }
      const key = `${category}|${lex.lang}|${form.words.join(" ")}`;
      if (added.has(key)) continue;
      added.add(key);
      const latin = form.words.every((w) => LATIN_WORD.test(w));
      const gated = latin && form.words.every((w) => ambiguous(w, lex.lang));
      try {
        WORDS.add(form.words, tagFor(category, lex.lang, gated));
      } catch {
        SKIPPED_ENTRIES.push(`${lex.lang}: ${entry}`);
      }
    }
  }
}

/**
 * Safe phrases the policy implies in every language, kept here beside the lexicons' own: a
 * child's drawing as an object, a bare tree, childhood as a topic, surgery, places and young
 * animals whose names contain a refused word.
 */
const POLICY_EXCEPTIONS: readonly string[] = [
  // A child's drawing.
  "نقاشی (یک|) کودک",
  "نقاشی (مدادشمعی|مداد شمعی) (یک|) کودک",
  "نقاشی کودکانه",
  "رسم (طفل|الطفل|الاطفال|اطفال)",
  "बच्चे (की|के) (क्रेयॉन|) (ड्रॉइंग|ड्राइंग|पेंटिंग|चित्रकारी|बनाई तस्वीर|बनाई ड्रॉइंग)",
  "बच्चों (की|के) (ड्रॉइंग|ड्राइंग|पेंटिंग|चित्रकारी)",
  "(buatan|karya|coretan) (anak|anak anak|anak kecil)",
  "(gambar|lukisan) (krayon|) anak (anak|) (yang ditempel|di kulkas)",
  "子どもが描いた",
  "子供が描いた",
  "こどもが描いた",
  "子どもの絵",
  "子供の絵",
  "子どもの描いた",
  "子供の描いた",
  "kodomo ga kaita",
  "kodomo no e",
  "아이가 그린",
  "아이들이 그린",
  "어린이가 그린",
  "아이의 그림",
  "아이들의 그림",
  "어린이 그림",
  "ฝีมือเด็ก",
  "ภาพวาดของเด็ก",
  "ภาพวาดเด็ก",
  "เด็กวาด",
  "tranh (ve|) (cua|do) (mot|) (dua tre|tre em|em be|be)",
  "(but sap mau|sap mau) cua (mot|) (dua tre|tre em|em be|be)",
  "tranh thieu nhi",
  "孩子的蜡笔画",
  "孩子画的",
  "儿童画",
  "孩子的画",
  "小朋友画的",
  "孩子的涂鸦",
  "孩子畫的",
  "孩子的蠟筆畫",
  "兒童畫",
  "孩子的畫",
  "小朋友畫的",
  "haizi de (labi hua|hua|tuya)",
  "haizi hua de",
  // A bare tree in winter.
  "(nagie|nagi|nagiego) (drzewo|drzewa|drzew|galezie|konary)",
  "(голое|голые|голых) (дерево|деревья|деревьев|ветки|ветви)",
  "(голе|голі|голих) (дерево|дерева|дерев|гілки|гілля)",
  "ciplak (bir|) (agac|agaclar|agaclari|dallar)",
  // Childhood as a topic, places.
  "cocukluk*",
  "cocuklug*",
  "kinderdijk",
  // Surgery.
  "ผ่าตัด",
  // Young animals.
  "恐龙宝宝",
  "小恐龙",
  "海龟宝宝",
  "小鸟宝宝",
  "恐龍寶寶",
  "海龜寶寶",
  "(xiongmao|maomi|mao|gou|gougou|xiaogou|xiaomao|dongwu|haibao|xiong|konglong|tuzi|qie|qi e|yazi|xiaoniao|haigui|daxiang|laohu|shizi|houzi) baobao",
];

for (const lex of LEXICONS) {
  const more = SUPPLEMENT[lex.lang] ?? {};
  const slang = EVASION_SUPPLEMENT[lex.lang] ?? {};
  // Keys hold the language, so one language's set is dropped once its terms are in.
  const added = new Set<string>();
  addTerms(lex, [...lex.minors, ...(more.minors ?? []), ...(slang.minors ?? [])], "minors", added);
  addTerms(lex, [...lex.sexual, ...(more.sexual ?? []), ...(slang.sexual ?? [])], "sexual", added);
  addTerms(
    lex,
    [...lex.graphicViolence, ...(more.graphicViolence ?? []), ...(slang.graphicViolence ?? [])],
    "graphic_violence",
    added,
  );
  addTerms(lex, [...lex.likeness, ...(more.likeness ?? [])], "real_person", added);
  for (const entry of [...lex.exceptions, ...(slang.exceptions ?? [])]) {
    for (const form of forms(entry)) {
      if ("substring" in form) SAFE_SUBSTRINGS.add(form.substring, true);
      else {
        try {
          SAFE_WORDS.add(form.words, true);
        } catch {
          SKIPPED_ENTRIES.push(`${lex.lang} exception: ${entry}`);
        }
      }
    }
  }
  const negators = new Set(ENGLISH_NEGATORS);
  const unspaced: string[] = [];
  for (const entry of lex.negators) {
    const low = canonical(entry).toLowerCase();
    if (UNSPACED.test(low)) unspaced.push(low.replace(/\s+/g, ""));
    else for (const t of tokenize(low)) negators.add(t.w);
  }
  NEGATORS.set(lex.lang, negators);
  if (unspaced.length > 0)
    UNSPACED_NEGATORS.set(
      lex.lang,
      unspaced.sort((a, b) => b.length - a.length),
    );
}

for (const entry of POLICY_EXCEPTIONS) {
  for (const form of forms(entry)) {
    if ("substring" in form) SAFE_SUBSTRINGS.add(form.substring, true);
    else SAFE_WORDS.add(form.words, true);
  }
}

export const MULTILINGUAL_VOCABULARY_SIZE = WORDS.size + SUBSTRINGS.size;
export const SCREENED_LANGUAGES: readonly string[] = LEXICONS.map((l) => l.lang);

/** Whether a word occurs in some language's phrase: only then is a decoded reading of it worth checking. */
export const isLexiconWord = (word: string): boolean => WORDS.knows(word);

/** Languages whose stopwords are among the most frequent in the prompt (weighted by how many languages share each). */
function detectedLanguages(tokens: readonly Token[]): Map<string, number> {
  const score = new Map<string, number>();
  for (const t of tokens) {
    const langs = STOPWORDS.get(t.w);
    if (langs === undefined) continue;
    for (const l of langs) score.set(l, (score.get(l) ?? 0) + 1 / langs.length);
  }
  return score;
}

function detected(score: Map<string, number>, lang: string): boolean {
  const mine = score.get(lang) ?? 0;
  if (mine === 0) return false;
  let max = 0;
  for (const v of score.values()) if (v > max) max = v;
  return mine >= max * 0.5;
}

/** "El Niño" written as a proper name is the weather pattern; "el niño" is a boy. */
const elNino = (tokens: readonly Token[], i: number): boolean =>
  (tokens[i] as Token).w === "nino" &&
  (tokens[i] as Token).cap &&
  tokens[i - 1]?.w === "el" &&
  (tokens[i - 1] as Token).cap;

/**
 * German capitalises nouns: "Kinder" in the middle of a sentence is the noun (children) even in
 * an English sentence ("two kleine Kinder playing"), while English "kinder" is never capitalised there.
 */
const germanNoun = (tokens: readonly Token[], i: number, lang: string): boolean =>
  lang === "de" &&
  i > 0 &&
  (tokens[i] as Token).cap &&
  !(tokens[i] as Token).brk &&
  !(tokens[i - 1] as Token).cap; // Title Case is not German

const POSTPOSED_NEGATION = new Set(["ko", "ja", "tr", "hi"]);

/**
 * Whether the word before a refused phrase is a negator of a language the prompt is written in:
 * "sem nudez" is Portuguese "without nudity" even when the refused word belongs to another list.
 */
export function negatedInPromptLanguage(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i] as Token;
  const before = tokens[i - 1];
  if (t.brk || before === undefined) return false;
  let score: Map<string, number> | null = null;
  for (const [lang, negators] of NEGATORS) {
    if (!negators.has(before.w)) continue;
    score ??= detectedLanguages(tokens);
    if (detected(score, lang)) return true;
  }
  return false;
}

/**
 * Whether the word at `k` is a function word of the prompt's language that is no negator there,
 * though English reads it as one: romaji "no" in "mushuusei no hentai" is a particle.
 */
export function foreignFunctionWord(tokens: readonly Token[], k: number): boolean {
  const w = tokens[k]?.w;
  const langs = w === undefined ? undefined : STOPWORDS.get(w);
  if (w === undefined || langs === undefined) return false;
  const score = detectedLanguages(tokens);
  if (detected(score, "en")) return false;
  return langs.some((l) => l !== "en" && !(NEGATORS.get(l)?.has(w) ?? false) && detected(score, l));
}

function negatedWords(tokens: readonly Token[], i: number, length: number, lang: string): boolean {
  const negators = NEGATORS.get(lang);
  if (negators === undefined) return false;
  if (negatedInPromptLanguage(tokens, i)) return true;
  const t = tokens[i] as Token;
  const before = tokens[i - 1];
  if (!t.brk && before !== undefined) {
    if (negators.has(before.w)) return true;
    const langs = STOPWORDS.get(before.w);
    const two = tokens[i - 2];
    if (!before.brk && two !== undefined && langs?.includes(lang) && negators.has(two.w))
      return true;
  }
  // Korean, Japanese, Turkish and Hindi put "without" after the noun: 피 없이, kan olmadan.
  const after = tokens[i + length];
  return POSTPOSED_NEGATION.has(lang) && after !== undefined && !after.brk && negators.has(after.w);
}

function negatedSubstring(text: string, start: number, end: number, lang: string): boolean {
  // Chinese and Japanese share characters: a simplified entry may sit in the traditional list.
  for (const [other, negators] of UNSPACED_NEGATORS) {
    for (const n of negators) {
      for (let gap = 0; gap <= 2; gap++) {
        if (text.startsWith(n, start - gap - n.length)) return true;
        if (
          (other === "ja" || other === "th") &&
          (lang === "ja" || lang === "th") &&
          text.startsWith(n, end + gap)
        )
          return true;
      }
    }
  }
  return false;
}

export type Flags = { minors: boolean; sexual: boolean; violent: boolean; likeness: boolean };

function raise(flags: Flags, category: TermCategory): void {
  if (category === "minors") flags.minors = true;
  else if (category === "sexual") flags.sexual = true;
  else if (category === "graphic_violence") flags.violent = true;
  else flags.likeness = true;
}

const matches: Array<Phrase<Tag>> = [];

/** Raises the flags for every other language's refused phrase in the words and, for Han, kana and Thai, in the compacted text. */
export function multilingualFlags(
  tokens: readonly Token[],
  compactText: string | null,
  flags: Flags,
): void {
  let covered: Uint8Array | null = null;
  let score: Map<string, number> | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const count = WORDS.collect(tokens, i, false, matches);
    for (let m = 0; m < count; m++) {
      const { words, tag } = matches[m] as Phrase<Tag>;
      if (tag.lang === "es" && elNino(tokens, i)) continue;
      if (tag.gated && !germanNoun(tokens, i, tag.lang)) {
        score ??= detectedLanguages(tokens);
        if (!detected(score, tag.lang)) continue;
      }
      covered ??= safeCoverage(tokens);
      let safe = false;
      for (let k = i; k < i + words.length; k++) if (covered[k]) safe = true;
      if (safe) continue;
      if (tag.category !== "real_person" && negatedWords(tokens, i, words.length, tag.lang))
        continue;
      raise(flags, tag.category);
    }
  }
  if (compactText === null) return;
  const hits = SUBSTRINGS.find(compactText);
  if (hits.length === 0) return;
  const safe = safeSubstringMask(compactText);
  for (const { start, end, tag } of hits) {
    let isSafe = false;
    for (let k = start; k < end; k++) if (safe[k]) isSafe = true;
    if (isSafe) continue;
    if (tag.category !== "real_person" && negatedSubstring(compactText, start, end, tag.lang))
      continue;
    raise(flags, tag.category);
  }
}

/** Words inside other languages' safe phrases (lexicon exceptions). */
export const safeCoverage = (tokens: readonly Token[]): Uint8Array =>
  markPhrases(SAFE_WORDS, tokens, new Uint8Array(tokens.length));

/** Safe substrings of the compacted text (exceptions of Han, kana and Thai lexicons), for names too. */
export function safeSubstringMask(compactText: string): Uint8Array {
  const safe = new Uint8Array(compactText.length);
  for (const h of SAFE_SUBSTRINGS.find(compactText)) safe.fill(1, h.start, h.end);
  return safe;
}

/** The other-language entries a prompt's words and text contain, before exceptions, negation and language checks (for the evaluation script). */
export function lexiconMatches(tokens: readonly Token[], compactText: string | null): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const count = WORDS.collect(tokens, i, false, matches);
    for (let m = 0; m < count; m++) {
      const { words, tag } = matches[m] as Phrase<Tag>;
      out.push(`${tag.lang}:${tag.category}:${words.join(" ")}${tag.gated ? " (gated)" : ""}`);
    }
  }
  if (compactText !== null)
    for (const h of SUBSTRINGS.find(compactText))
      out.push(`${h.tag.lang}:${h.tag.category}:${compactText.slice(h.start, h.end)}`);
  return out;
}
