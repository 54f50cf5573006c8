/**
 * De-obfuscation: leetspeak (p0rn, t33n, n00d, $ex), letters spelled out one by one (n u d e,
 * n.u.d.e, n-u-d-e, n_u_d_e), starred-out letters (s*x), stretched letters (naaaked), words
 * split by punctuation (be-head-ing). Input is canonical lower-case text (normalize.ts).
 */

// Characters that stand for letters in leetspeak.
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "2": "z",
  "3": "e",
  "4": "a",
  "5": "s",
  "6": "g",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
  "+": "t",
  "€": "e",
  "£": "l",
};
const LEET_TOKEN = /[a-z0-9@$!|+€£]+/g;
const HAS_LEET = /[0-9@$!|+€£]/;

// Three or more single characters in a row, each followed by separators: "n u d e", "n.u.d.e", "n_u_d_e".
const SPELLED =
  /(?<![a-z0-9@$])(?:[a-z0-9@$][\s._\-*·•,/\\:+~|'"^=]{1,3}){2,}[a-z0-9@$](?![a-z0-9@$])/g;
const STRETCHED = /([a-z])\1{2,}/;
const STRETCHED_ALL = /([a-z])\1{2,}/g;

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

// The heart of a disguised word: a digit or symbol against a letter, punctuation inside a word,
// or a letter stretched three times. Ordinary words never match, so most prompts cost one scan.
const SUSPECT = /[a-z][0-9@$!|+€£]|[0-9@$!|+€£][a-z]|[a-z0-9@$][._\-*·~^]+[a-z0-9@$]|([a-z])\1\1/g;
const CHUNK = new Uint8Array(128);
for (const c of "abcdefghijklmnopqrstuvwxyz0123456789@$!|+._-*~^") CHUNK[c.charCodeAt(0)] = 1;
const inChunk = (c: number): boolean =>
  c < 128 ? CHUNK[c] === 1 : c === 0x20ac || c === 0xa3 || c === 0xb7;

const INNER_PUNCT = /[._\-*·~^]+/g;
const MASKED = /^[a-z0-9@$]+(?:[*_][a-z0-9@$]+){1,2}$/;
const MASK = /[*_]/;
const VOWELS = ["a", "e", "i", "o", "u"];

function stretchedReadings(word: string): string[] {
  return STRETCHED.test(word)
    ? [word.replace(STRETCHED_ALL, "$1$1"), word.replace(STRETCHED_ALL, "$1")]
    : [];
}

function decodings(word: string): string[] {
  const readings =
    HAS_LEET.test(word) && /[a-z]/.test(word) ? [unleet(word, "i"), unleet(word, "l")] : [word];
  return readings.flatMap((r) => [r, ...stretchedReadings(r)]);
}

/** Words joined by hyphens or dots ("jack-o", "t-shirt", "be-head-ing"), not spelled letter by letter. */
const HYPHENATED = /^[a-z]+(?:[-.][a-z]+)+$/;
const plainPieces = (raw: string): boolean =>
  HYPHENATED.test(raw) && raw.split(/[-.]/).filter((p) => p.length === 1).length <= 1;

/**
 * What a disguised word could stand for, most likely first: "n.u.d.e" → nude; "n4ked-woman" →
 * nakedwoman, then "naked woman"; "chi1d" → chiid, child; "naaaked" → naaked, naked.
 */
function readingsOf(raw: string): string[] {
  const pieces = raw.split(INNER_PUNCT).filter(Boolean);
  const out = decodings(pieces.join(""));
  // A starred-out letter: "s*x", "nak*d", "p_rn".
  if (MASKED.test(raw)) {
    for (const v of VOWELS)
      for (const w of VOWELS) out.push(...decodings(raw.replace(MASK, v).replace(MASK, w)));
  }
  if (pieces.length > 1) {
    for (const one of ["i", "l"] as const) {
      const decoded = pieces
        .map((p) => (HAS_LEET.test(p) && /[a-z]/.test(p) ? unleet(p, one) : p))
        .join(" ");
      const stretched = stretchedReadings(decoded);
      // Plain words between hyphens ("push-in") are words of the prompt already.
      if (decoded !== pieces.join(" ") || stretched.length > 0) out.push(decoded, ...stretched);
    }
  }
  return out;
}

type Edit = { start: number; end: number; text: string };

/**
 * The de-obfuscated reading of lower-cased canonical text, or none when nothing in it is
 * disguised. Only disguised words are rewritten, and only into a reading that `interesting`
 * accepts (a word some rule or name uses): "4k" stays "4k" rather than becoming "ak", so the
 * reading cannot invent matches out of ordinary text. Words merely joined by hyphens ("jack-o",
 * "be-head-ing") are only run together when `interestingJoined` accepts the result, so natural
 * hyphenation cannot spell a name. When a disguised word has two useful readings ("1" as "i"
 * and as "l"), a second reading of the text carries the other one. `maybeSpelled` false skips
 * the search for letters spelled one by one, for a caller that knows there are none.
 */
export function decodedVariants(
  low: string,
  interesting: (word: string) => boolean,
  interestingJoined: (word: string) => boolean = interesting,
  maybeSpelled = true,
): string[] {
  const first: Edit[] = [];
  const second: Edit[] = [];
  // A chunk that recurs ("4k", "1080p" in every sentence) is judged once.
  const judged = new Map<string, string[]>();
  const choose = (start: number, end: number, readings: string[] | (() => string[])): void => {
    const raw = low.slice(start, end);
    const useful = (reading: string): boolean =>
      reading.split(" ").some((w) => w !== "" && interesting(w));
    let good = judged.get(raw);
    if (good === undefined) {
      good = [...new Set(typeof readings === "function" ? readings() : readings)].filter(
        (r) => r !== raw && useful(r),
      );
      judged.set(raw, good);
    }
    if (good[0] !== undefined) first.push({ start, end, text: ` ${good[0]} ` });
    if (good[1] !== undefined) second.push({ start, end, text: ` ${good[1]} ` });
  };

  if (maybeSpelled && SPELLED.test(low)) {
    SPELLED.lastIndex = 0;
    for (const m of low.matchAll(SPELLED)) {
      const chars = m[0].replace(/[^a-z0-9@$]/g, "");
      // "a n u d e": the first letter may be the article.
      const readings = [...decodings(chars)];
      if (chars.length > 3 && (chars[0] === "a" || chars[0] === "i"))
        readings.push(...decodings(chars.slice(1)).map((r) => `${chars[0]} ${r}`));
      const start = m.index ?? 0;
      choose(start, start + m[0].length, readings);
    }
  }
  const taken = first.map((e) => [e.start, e.end] as const);
  SUSPECT.lastIndex = 0;
  for (let m = SUSPECT.exec(low); m !== null; m = SUSPECT.exec(low)) {
    let a = m.index;
    let b = m.index + m[0].length;
    while (a > 0 && inChunk(low.charCodeAt(a - 1))) a--;
    while (b < low.length && inChunk(low.charCodeAt(b))) b++;
    SUSPECT.lastIndex = b;
    if (taken.some(([s, e]) => a < e && b > s)) continue;
    // Trailing or leading punctuation is not part of the disguise: "p0rn." or "...nak3d".
    while (a < b && !/[a-z0-9@$]/.test(low.charAt(a))) a++;
    while (b > a && !/[a-z0-9@$!|+€£]/.test(low.charAt(b - 1))) b--;
    if (a >= b) continue;
    const raw = low.slice(a, b);
    if (plainPieces(raw)) {
      // Natural hyphenation run together ("jack-o" → "jacko") may only reveal a rule's word.
      const joined = raw.replace(/[-.]/g, "");
      if (interestingJoined(joined)) first.push({ start: a, end: b, text: ` ${joined} ` });
      continue;
    }
    choose(a, b, () => readingsOf(raw));
  }
  if (first.length === 0) return [];
  const apply = (edits: Edit[]): string => {
    let out = "";
    let at = 0;
    for (const e of [...edits].sort((x, y) => x.start - y.start)) {
      out += low.slice(at, e.start) + e.text;
      at = e.end;
    }
    return out + low.slice(at);
  };
  const variants = [apply(first)];
  if (second.length > 0) {
    const merged = first.map((e) => second.find((x) => x.start === e.start) ?? e);
    variants.push(apply(merged));
  }
  return variants;
}
