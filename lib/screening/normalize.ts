import { wordStem } from "./scripts";
import { wordSet } from "./word-set";

/**
 * Normalisation: the canonical text, with Unicode tricks undone (compatibility forms such as
 * fullwidth letters, accents, invisible characters, look-alike letters from other scripts),
 * which never changes what an honest prompt says, and its words. Leetspeak and spelled-out
 * letters are undone separately (deobfuscate.ts), because those readings can change ordinary
 * text and are checked in addition to, never instead of, the canonical text.
 */

// Invisible or formatting-only code points that can be slipped inside a word. Invisible
// combining marks (variation selectors, the grapheme joiner) go with the other marks below.
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]/gu;

// Letters from other scripts that render like Latin ones. Upper case maps to upper case so the
// "looks like a proper name" signal survives. They are folded only inside a word that mixes
// them with Latin letters ("pоrn" with a Cyrillic о), the disguise case: a word written wholly
// in Cyrillic or Greek is a real word of that language ("голый ребёнок") and stays as it is.
const CROSS_SCRIPT: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ь: "b",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  ԁ: "d",
  һ: "h",
  ӏ: "l",
  ԛ: "q",
  ԝ: "w",
  ѵ: "v",
  ү: "y",
  ҳ: "x",
  ӧ: "o",
  ӱ: "y",
  А: "A",
  В: "B",
  Е: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  У: "Y",
  Х: "X",
  Ѕ: "S",
  І: "I",
  Ј: "J",
  Ԁ: "D",
  Һ: "H",
  Ӏ: "l",
  Ԛ: "Q",
  Ԝ: "W",
  Ү: "Y",
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  ζ: "z",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  σ: "o",
  ς: "s",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  օ: "o",
  ս: "u",
  ո: "n",
  հ: "h",
  զ: "q",
  ց: "g",
};
// Latin letters outside ASCII that are not accented letters (so NFD leaves them whole), and
// dashes: always folded, in every word.
const LATIN_EXTRA: Record<string, string> = {
  ɑ: "a",
  ɡ: "g",
  ɩ: "i",
  ɪ: "i",
  ʏ: "y",
  ɛ: "e",
  ɔ: "o",
  ʀ: "r",
  ʟ: "l",
  ɴ: "n",
  ʜ: "h",
  ɢ: "g",
  ʙ: "b",
  ᴀ: "a",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ᴊ: "j",
  ᴋ: "k",
  ᴍ: "m",
  ᴏ: "o",
  ᴘ: "p",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ᴢ: "z",
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  ħ: "h",
  Ħ: "H",
  ı: "i",
  ŧ: "t",
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "Ae",
  œ: "oe",
  Œ: "Oe",
  þ: "th",
  Þ: "Th",
  ð: "d",
  Ð: "D",
  ŀ: "l",
  ƒ: "f",
  ɫ: "l",
  // Dashes: hyphen look-alikes become "-", en dash and horizontal bar become the em dash.
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2043": "-",
  "\u2212": "-",
  "\u2e3a": "—",
  "\u2013": "—",
  "\u2015": "—",
};
const LATIN_EXTRA_RE = new RegExp(`[${Object.keys(LATIN_EXTRA).join("")}]`, "g");
const CROSS_SCRIPT_RE = new RegExp(`[${Object.keys(CROSS_SCRIPT).join("")}]`, "g");
const CROSS_SCRIPT_ANY = /[\u0370-\u03ff\u0400-\u052f\u0530-\u058f]/;
const CROSS_WORD = /[\p{L}\p{M}]+/gu;
const HAS_LATIN = /[a-zA-Z]/;
const ONLY_LOOKALIKES = new RegExp(`^[${Object.keys(CROSS_SCRIPT).join("")}]+$`);

// Marks that only decorate a letter: Latin, Greek and Cyrillic accents (й and ё fold to и and
// е, consistently in prompts and word lists), Arabic vowel signs, the Devanagari nukta. Other
// marks are part of the letter (Devanagari and Thai vowel signs, kana voicing) and stay.
const DECORATIVE_MARKS =
  /[\u0300-\u036f\u0483-\u0489\u064b-\u065f\u0670\u06d6-\u06ed\u093c\u09bc]/g;
// Arabic and Persian letters written in several ways, and the tatweel (a stretching stroke).
const ARABIC_FOLD: Record<string, string> = {
  ی: "ي",
  ى: "ي",
  ئ: "ي",
  ک: "ك",
  ة: "ه",
  ۀ: "ه",
  أ: "ا",
  إ: "ا",
  آ: "ا",
  ٱ: "ا",
  ؤ: "و",
  ـ: "",
};
const ARABIC_FOLD_RE = /[یىئکةۀأإآٱؤـ]/g;
const ARABIC_ANY = /[\u0600-\u06ff]/;
// Digits of other scripts (Arabic-Indic, Persian, Devanagari, Thai) read as ASCII digits.
const DIGITS_RE = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u0e50-\u0e59]/g;
const DIGIT_BASES = [0x660, 0x6f0, 0x966, 0xe50];
function asciiDigit(ch: string): string {
  const cp = ch.charCodeAt(0);
  for (const base of DIGIT_BASES) if (cp >= base && cp < base + 10) return String(cp - base);
  return ch;
}

/** Cyrillic and Greek look-alikes folded to Latin inside words that mix them with Latin letters. */
function foldMixedWords(text: string): string {
  return text.replace(CROSS_WORD, (word) =>
    HAS_LATIN.test(word) && CROSS_SCRIPT_ANY.test(word)
      ? word.replace(CROSS_SCRIPT_RE, (c) => CROSS_SCRIPT[c] ?? c)
      : word,
  );
}

/**
 * The reading in which every look-alike letter is Latin, for a prompt that has Latin words
 * and also words made only of look-alikes that read as a word `matters` accepts ("ѕех" in
 * Cyrillic letters in an English prompt), or null when there is no such word. It is screened
 * in addition to the canonical text.
 */
export function lookalikeReading(
  text: string,
  matters: (word: string) => boolean = () => true,
): string | null {
  if (!CROSS_SCRIPT_ANY.test(text) || !HAS_LATIN.test(text)) return null;
  let found = false;
  for (const m of text.matchAll(CROSS_WORD)) {
    if (
      ONLY_LOOKALIKES.test(m[0]) &&
      matters(m[0].replace(CROSS_SCRIPT_RE, (c) => CROSS_SCRIPT[c] ?? c).toLowerCase())
    ) {
      found = true;
      break;
    }
  }
  return found ? text.replace(CROSS_SCRIPT_RE, (c) => CROSS_SCRIPT[c] ?? c) : null;
}

// Enclosed and squared Latin letters that NFKC leaves alone (🅐, 🄰, 🅰, regional indicators).
const ENCLOSED = /[\u{1f130}-\u{1f149}\u{1f150}-\u{1f169}\u{1f170}-\u{1f189}\u{1f1e6}-\u{1f1ff}]/gu;
const ENCLOSED_BASES = [0x1f130, 0x1f150, 0x1f170, 0x1f1e6];
function enclosedLetter(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  for (const base of ENCLOSED_BASES)
    if (cp >= base && cp < base + 26) return String.fromCharCode(65 + cp - base);
  return ch;
}

// Characters every step below leaves as they are: ASCII, Hangul syllables (NFKD splits them into
// jamo, which nothing drops, and NFC joins them again) and CJK unified ideographs (no
// decomposition). Text made only of these is already canonical, and most prompts are.
const NOT_INERT = /[\u0080-\u4dff\ua000-\uabff\ud7a4-\uffff]/;

/**
 * NFKC, no invisible characters, no decorative accents, Arabic letter variants unified, other
 * scripts' digits as ASCII, look-alikes mapped to Latin in mixed-script words. Case is kept.
 */
export function canonical(text: string): string {
  if (!NOT_INERT.test(text)) return text;
  // NFKD is NFKC's compatibility folding with every letter decomposed, so marks can be dropped.
  let out = text
    .normalize("NFKD")
    .replace(INVISIBLE, "")
    .replace(ENCLOSED, enclosedLetter)
    .replace(DECORATIVE_MARKS, "")
    .normalize("NFC")
    .replace(LATIN_EXTRA_RE, (c) => LATIN_EXTRA[c] ?? c)
    .replace(DIGITS_RE, asciiDigit);
  if (ARABIC_ANY.test(out)) out = out.replace(ARABIC_FOLD_RE, (c) => ARABIC_FOLD[c] ?? c);
  if (CROSS_SCRIPT_ANY.test(out) && HAS_LATIN.test(out)) out = foldMixedWords(out);
  return out;
}

/**
 * One word of a prompt. `brk` marks a clause break (comma, full stop...) just before it, `cap`
 * an upper-case first letter, `pos` a possessive "'s" that was dropped, `stem` a Korean word
 * without its particle (푸틴을 → 푸틴) or an Arabic one without its clitics (والأطفال → اطفال),
 * which phrases match as well as the word itself.
 */
export type Token = { w: string; cap: boolean; brk: boolean; pos: boolean; stem?: string };

// Marks count as letters: Devanagari and Thai vowel signs sit inside words.
const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;
// A full stop after these is an abbreviation ("Dr. Dre", "J. K. Rowling"), not the end of a clause.
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "jr",
  "sr",
  "prof",
  "gen",
  "sen",
  "rep",
  "gov",
  "pres",
  "lt",
  "col",
  "capt",
  "sgt",
  "rev",
  "mt",
  "ft",
  "vs",
  "no",
]);
const ELISIONS = new Set([
  "l",
  "d",
  "j",
  "m",
  "n",
  "t",
  "c",
  "qu",
  "lorsqu",
  "puisqu",
  "jusqu",
  "quoiqu",
  "quelqu",
  "dell",
  "dall",
  "nell",
  "sull",
  "all",
  "coll",
  "un",
  "quell",
  "quest",
  "bell",
]);
const TURKISH_SUFFIXES = wordSet(
  "un nun in nin a e ya ye na ne da de ta te dan den tan ten nda nde ndan nden la le yla yle i u yi yu ni nu dir dur tir tur lar ler lari leri larin lerin",
);

/** Where a Turkish case ending after an apostrophe at `at` ends, or 0 when the letters there are not one. */
function turkishSuffixEnd(text: string, at: number, n: number): number {
  let end = at;
  while (end < n && end - at <= 6 && classAt(text, end) === WORD) end++;
  if (end - at > 5 || (end < n && classAt(text, end) === WORD)) return 0;
  return TURKISH_SUFFIXES.has(text.slice(at, end).toLowerCase()) ? end : 0;
}

const BREAK_CHARS = new Set([...',;:!?()[]{}"“”«»|\n—'].map((c) => c.charCodeAt(0)));
const APOSTROPHES = new Set([0x27, 0x2019, 0x2bc, 0x60]);

// Character classes for the scanner: 1 letter or digit, 2 full stop, 3 clause break, 4 apostrophe.
const WORD = 1;
const STOP = 2;
const BREAK = 3;
const APOSTROPHE = 4;
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[a-zA-Z0-9]/.test(ch)) ASCII_CLASS[c] = WORD;
  else if (ch === ".") ASCII_CLASS[c] = STOP;
  else if (BREAK_CHARS.has(c)) ASCII_CLASS[c] = BREAK;
  else if (APOSTROPHES.has(c)) ASCII_CLASS[c] = APOSTROPHE;
}

// Classes of the other code units of the basic plane, computed on first sight (255: not yet).
const BMP_CLASS = new Uint8Array(0x10000).fill(255);

function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return ASCII_CLASS[c] as number;
  if (c >= 0xd800 && c <= 0xdbff) return LETTER_OR_DIGIT.test(text.slice(i, i + 2)) ? WORD : 0;
  let k = BMP_CLASS[c] as number;
  if (k === 255) {
    k = LETTER_OR_DIGIT.test(String.fromCharCode(c))
      ? WORD
      : BREAK_CHARS.has(c)
        ? BREAK
        : APOSTROPHES.has(c)
          ? APOSTROPHE
          : 0;
    BMP_CLASS[c] = k;
  }
  return k;
}

// Whether each code unit of the basic plane is an upper-case letter, computed on first sight
// (255: not yet), so a word's first letter costs no string.
const BMP_UPPER = new Uint8Array(0x10000).fill(255);

function upperAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  if (c >= 0xd800 && c <= 0xdbff) return text.charAt(i) !== text.charAt(i).toLowerCase();
  let u = BMP_UPPER[c] as number;
  if (u === 255) {
    const ch = String.fromCharCode(c);
    u = ch !== ch.toLowerCase() ? 1 : 0;
    BMP_UPPER[c] = u;
  }
  return u === 1;
}

/**
 * Words in order, lower case; a possessive "'s" is dropped and other apostrophes removed
 * (O'Neal → oneal). `low` is `text` lower-cased, passed when the caller has it already. A
 * hand-written scanner because this runs on every prompt.
 */
export function tokenize(text: string, low?: string): Token[] {
  const src = low !== undefined && low.length === text.length ? low : undefined;
  const from_ = src ?? text;
  const tokens: Token[] = [];
  const n = text.length;
  let dots = 0;
  let otherBreak = false;
  let prev = "";
  let i = 0;
  while (i < n) {
    const k = classAt(text, i);
    if (k !== WORD) {
      if (k === STOP) dots++;
      else if (k === BREAK) otherBreak = true;
      i++;
      continue;
    }
    const start = i;
    let word = "";
    let from = i;
    let pos = false;
    i++;
    while (i < n) {
      const c = classAt(text, i);
      if (c === WORD) {
        i++;
        continue;
      }
      if (c === APOSTROPHE && i + 1 < n && classAt(text, i + 1) === WORD) {
        // French and Italian elision ("l'enfant", "dell'uomo") starts a new word.
        if (ELISIONS.has((word + from_.slice(from, i)).toLowerCase())) break;
        // "'s" at the end of a word is a possessive; any other apostrophe just joins.
        const possessive =
          (text.charCodeAt(i + 1) | 0x20) === 0x73 && (i + 2 >= n || classAt(text, i + 2) !== WORD);
        word += from_.slice(from, i);
        // Turkish writes a proper noun's case ending after an apostrophe: "İmamoğlu'nun", "Vatikan'da".
        const suffixEnd = possessive ? i : turkishSuffixEnd(from_, i + 1, n);
        i = possessive ? i + 2 : suffixEnd > 0 ? suffixEnd : i + 1;
        from = i;
        if (possessive || suffixEnd > 0) {
          pos = true;
          break;
        }
        continue;
      }
      break;
    }
    word = word === "" ? from_.slice(from, i) : word + from_.slice(from, i);
    if (word.length === 0) continue;
    const w = src === undefined ? word.toLowerCase() : word;
    const cap = upperAt(text, start);
    let brk = tokens.length > 0 && (otherBreak || dots > 0);
    if (brk && !otherBreak && dots === 1 && (prev.length === 1 || ABBREVIATIONS.has(prev)))
      brk = false;
    const stem = w.charCodeAt(0) >= 0x600 ? wordStem(w) : undefined;
    tokens.push(stem === undefined ? { w, cap, brk, pos } : { w, cap, brk, pos, stem });
    prev = w;
    dots = 0;
    otherBreak = false;
  }
  return tokens;
}

/** The words of a name or phrase, normalised exactly like prompts are. */
export function phraseWords(text: string): string[] {
  return tokenize(canonical(text)).map((t) => t.w);
}
