/**
 * Normalisation and de-obfuscation. Two kinds of output:
 * - the canonical text: Unicode tricks undone (compatibility forms, accents, invisible
 *   characters, look-alike letters), which never changes what an honest prompt says;
 * - decoded variants: leetspeak, spelled-out letters and stretched letters undone. These can
 *   turn ordinary text into something else ("4k" becomes "ak"), so the caller checks them in
 *   addition to, never instead of, the canonical text.
 */

// Invisible or formatting-only code points that can be slipped inside a word.
const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]|\udb40[\udc00-\udc7f]/g;

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

/** NFKC, no invisible characters, no accents, look-alikes mapped to Latin. Case is kept. */
export function canonical(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(ENCLOSED, enclosedLetter)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(LOOKALIKE, (c) => LOOKALIKES[c] ?? c);
}

/** One word of a prompt. `brk` marks a clause break (comma, full stop...) just before it. */
export type Token = { w: string; cap: boolean; brk: boolean };

const WORD = /[\p{L}\p{N}]+(?:['’ʼ`][\p{L}\p{N}]+)*/gu;
const BREAK = /[.,;:!?()[\]{}"“”«»|\n—]/;
// A full stop after these is an abbreviation ("Dr. Dre", "J. K. Rowling"), not the end of a clause.
const ABBREVIATIONS = new Set(["mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "gen", "sen", "rep", "gov", "pres", "lt", "col", "capt", "sgt", "rev", "mt", "ft", "vs", "no"]);

/** Words in order, lower case; possessive "'s" dropped, other apostrophes removed (O'Neal → oneal). */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  let prev = "";
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const start = m.index ?? 0;
    const gap = text.slice(last, start);
    last = start + raw.length;
    let brk = tokens.length > 0 && BREAK.test(gap);
    if (brk && gap.trim() === "." && (prev.length === 1 || ABBREVIATIONS.has(prev))) brk = false;
    let w = raw.toLowerCase();
    if (/['’ʼ`]s$/.test(w)) w = w.slice(0, -2);
    w = w.replace(/['’ʼ`]/g, "");
    const first = raw.charAt(0);
    tokens.push({ w, cap: first !== first.toLowerCase(), brk });
    prev = w;
  }
  return tokens;
}

// Characters that stand for letters in leetspeak.
const LEET: Record<string, string> = { "0": "o", "1": "i", "2": "z", "3": "e", "4": "a", "5": "s", "6": "g", "7": "t", "8": "b", "9": "g", "@": "a", $: "s", "!": "i", "|": "l", "+": "t", "€": "e", "£": "l" };
const LEET_TOKEN = /[a-z0-9@$!|+€£]+/g;
const HAS_LEET = /[0-9@$!|+€£]/;

// Three or more single characters in a row, each followed by separators: "n u d e", "n.u.d.e", "n_u_d_e".
const SPELLED = /(?<![a-z0-9@$])(?:[a-z0-9@$][\s._\-*·•,/\\:+~|'"^=]{1,3}){2,}[a-z0-9@$](?![a-z0-9@$])/g;
// Punctuation inside a word: "na.ked", "be-head-ing", "t_e_en".
const INNER = /([a-z0-9@$])[._\-*·'~^]+(?=[a-z0-9@$])/g;
const STRETCHED = /([a-z])\1{2,}/g;

function unleet(text: string, one: "i" | "l"): string {
  return text.replace(LEET_TOKEN, (token) => {
    if (!/[a-z]/.test(token) || !HAS_LEET.test(token)) return token;
    // "!" only stands for "i" inside a word, never as trailing punctuation.
    return token.replace(/[0-9@$!|+€£]/g, (c, at: number) => {
      if (c === "!" && at === token.length - 1) return c;
      if (c === "1") return one;
      return LEET[c] ?? c;
    });
  });
}

/**
 * The de-obfuscated readings of lower-cased canonical text, excluding the text itself; usually
 * none. Several readings because some disguises are ambiguous: "1" is "i" or "l", "a n u d e"
 * may be the article "a" followed by a spelled word, "teeen" and "nuuude" collapse differently.
 */
export function decodedVariants(low: string): string[] {
  const spelled = SPELLED.test(low);
  SPELLED.lastIndex = 0;
  const joinedAll = spelled ? low.replace(SPELLED, (run) => ` ${run.replace(/[^a-z0-9@$]/g, "")} `) : low;
  const bases = [joinedAll];
  if (spelled) {
    bases.push(
      low.replace(SPELLED, (run) => {
        const chars = run.replace(/[^a-z0-9@$]/g, "");
        return chars.length > 3 && (chars[0] === "a" || chars[0] === "i") ? ` ${chars[0]} ${chars.slice(1)} ` : ` ${chars} `;
      }),
    );
  }
  const out = new Set<string>();
  for (const base of bases) {
    const inner = base.replace(INNER, "$1");
    const readings = HAS_LEET.test(inner) ? [unleet(inner, "i"), unleet(inner, "l")] : [inner];
    for (const r of readings) {
      out.add(r);
      if (STRETCHED.test(r)) {
        out.add(r.replace(STRETCHED, "$1$1"));
        out.add(r.replace(STRETCHED, "$1"));
      }
      STRETCHED.lastIndex = 0;
    }
  }
  out.delete(low);
  return [...out];
}

/** The words of a name or phrase, normalised exactly like prompts are. */
export function phraseWords(text: string): string[] {
  return tokenize(canonical(text)).map((t) => t.w);
}
