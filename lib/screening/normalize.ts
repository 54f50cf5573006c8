/**
 * Normalisation: the canonical text, with Unicode tricks undone (compatibility forms such as
 * fullwidth letters, accents, invisible characters, look-alike letters from other scripts),
 * which never changes what an honest prompt says, and its words. Leetspeak and spelled-out
 * letters are undone separately (deobfuscate.ts), because those readings can change ordinary
 * text and are checked in addition to, never instead of, the canonical text.
 */

// Invisible or formatting-only code points that can be slipped inside a word. Invisible
// combining marks (variation selectors, the grapheme joiner) go with the other marks below.
const INVISIBLE = /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\u{e0000}-\u{e007f}]/gu;

// Letters from other scripts that render like Latin ones. Upper case maps to upper case so the
// "looks like a proper name" signal survives.
const LOOKALIKES: Record<string, string> = {
  а: "a", в: "b", е: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", ь: "b", ѕ: "s", і: "i", ї: "i", ј: "j",
  ԁ: "d", һ: "h", ӏ: "l", ԛ: "q", ԝ: "w", ѵ: "v", ү: "y", ҳ: "x", ӧ: "o", ӱ: "y",
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", У: "Y", Х: "X", Ѕ: "S", І: "I", Ј: "J", Ԁ: "D", Һ: "H",
  Ӏ: "l", Ԛ: "Q", Ԝ: "W", Ү: "Y",
  α: "a", β: "b", γ: "y", ε: "e", ζ: "z", η: "n", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", σ: "o", ς: "s", τ: "t", υ: "u", χ: "x", ω: "w",
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  օ: "o", ս: "u", ո: "n", հ: "h", զ: "q", ց: "g",
  ɑ: "a", ɡ: "g", ɩ: "i", ɪ: "i", ʏ: "y", ɛ: "e", ɔ: "o", ʀ: "r", ʟ: "l", ɴ: "n", ʜ: "h", ɢ: "g", ʙ: "b",
  ᴀ: "a", ᴄ: "c", ᴅ: "d", ᴇ: "e", ᴊ: "j", ᴋ: "k", ᴍ: "m", ᴏ: "o", ᴘ: "p", ꜱ: "s", ᴛ: "t", ᴜ: "u", ᴠ: "v", ᴡ: "w", ᴢ: "z",
  ø: "o", Ø: "O", ł: "l", Ł: "L", đ: "d", Đ: "D", ħ: "h", Ħ: "H", ı: "i", ŧ: "t", ß: "ss", æ: "ae", Æ: "Ae", œ: "oe", Œ: "Oe", þ: "th",
  Þ: "Th", ð: "d", Ð: "D", ŀ: "l", ƒ: "f", ɫ: "l",
  // Dashes: hyphen look-alikes become "-", en dash and horizontal bar become the em dash.
  "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2043": "-", "\u2212": "-", "\u2e3a": "—", "\u2013": "—", "\u2015": "—",
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`, "g");

// Enclosed and squared Latin letters that NFKC leaves alone (🅐, 🄰, 🅰, regional indicators).
const ENCLOSED = /[\u{1f130}-\u{1f149}\u{1f150}-\u{1f169}\u{1f170}-\u{1f189}\u{1f1e6}-\u{1f1ff}]/gu;
const ENCLOSED_BASES = [0x1f130, 0x1f150, 0x1f170, 0x1f1e6];
function enclosedLetter(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  for (const base of ENCLOSED_BASES) if (cp >= base && cp < base + 26) return String.fromCharCode(65 + cp - base);
  return ch;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** NFKC, no invisible characters, no accents, look-alikes mapped to Latin. Case is kept. */
export function canonical(text: string): string {
  // Plain ASCII is already canonical, and it is what nearly every prompt is.
  if (!NON_ASCII.test(text)) return text;
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(ENCLOSED, enclosedLetter)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(LOOKALIKE, (c) => LOOKALIKES[c] ?? c);
}

/**
 * One word of a prompt. `brk` marks a clause break (comma, full stop...) just before it, `cap`
 * an upper-case first letter, `pos` a possessive "'s" that was dropped.
 */
export type Token = { w: string; cap: boolean; brk: boolean; pos: boolean };

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// A full stop after these is an abbreviation ("Dr. Dre", "J. K. Rowling"), not the end of a clause.
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "gen", "sen", "rep", "gov", "pres", "lt", "col", "capt", "sgt", "rev", "mt", "ft", "vs", "no"]);
const BREAK_CHARS = new Set([...",;:!?()[]{}\"“”«»|\n—"].map((c) => c.charCodeAt(0)));
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

function classAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return ASCII_CLASS[c] as number;
  if (LETTER_OR_DIGIT.test(text.charAt(i)) || (c >= 0xd800 && c <= 0xdbff && LETTER_OR_DIGIT.test(text.slice(i, i + 2)))) return WORD;
  if (BREAK_CHARS.has(c)) return BREAK;
  return APOSTROPHES.has(c) ? APOSTROPHE : 0;
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
        // "'s" at the end of a word is a possessive; any other apostrophe just joins.
        const possessive = (text.charCodeAt(i + 1) | 0x20) === 0x73 && (i + 2 >= n || classAt(text, i + 2) !== WORD);
        word += from_.slice(from, i);
        i += possessive ? 2 : 1;
        from = i;
        if (possessive) {
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
    const first = text.charCodeAt(start);
    const cap = first < 0x80 ? first >= 0x41 && first <= 0x5a : text.charAt(start) !== text.charAt(start).toLowerCase();
    let brk = tokens.length > 0 && (otherBreak || dots > 0);
    if (brk && !otherBreak && dots === 1 && (prev.length === 1 || ABBREVIATIONS.has(prev))) brk = false;
    tokens.push({ w, cap, brk, pos });
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
