/**
 * What the screen needs to know about writing systems: which scripts have no spaces between
 * words (matched as substrings), and how Korean, Russian/Ukrainian and Arabic attach grammar to
 * a word (particles, case endings, clitics), so a name or term still matches when inflected.
 */

/** Han, kana and Thai: scripts where a word has no spaces around it. */
export const UNSPACED =
  /[\u0e00-\u0e7f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]|[\ud840-\ud87f][\udc00-\udfff]/;
export const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
export const CYRILLIC = /[\u0400-\u04ff]/;
export const ARABIC = /[\u0600-\u06ff]/;
/** A word whose letters are all basic Latin after normalisation. */
export const LATIN_WORD = /^[a-z0-9]+\*?$/;

const SEPARATORS = /[\s\u00b7\u30fb\u2027\uff65]+/g;

/** The text with spaces and middle dots removed, the form substring entries are matched against. */
export const compact = (text: string): string => text.replace(SEPARATORS, "");

// Korean particles and the plural 들 attach to the noun without a space: 푸틴을, 아이들이.
const KOREAN_PARTICLES = [
  "이",
  "가",
  "을",
  "를",
  "은",
  "는",
  "의",
  "에",
  "에게",
  "에서",
  "와",
  "과",
  "도",
  "만",
  "로",
  "으로",
  "랑",
  "이랑",
  "한테",
  "께",
  "처럼",
  "보다",
  "같은",
  "같이",
  "이다",
  "이야",
  "예요",
  "이에요",
  "입니다",
  "씨",
  "님",
  "들",
  "들이",
  "들을",
  "들은",
  "들의",
  "들과",
  "들도",
  "들에게",
  "들이랑",
  "들처럼",
];

// Longest first, so 아이들이 loses 들이 rather than 이; grouped by the code of their last syllable,
// so a word is compared only with the particles it could end with (this runs on every Hangul word).
const PARTICLES_BY_LAST = new Map<number, string[]>();
for (const p of [...KOREAN_PARTICLES].sort((a, b) => b.length - a.length)) {
  const last = p.charCodeAt(p.length - 1);
  PARTICLES_BY_LAST.set(last, [...(PARTICLES_BY_LAST.get(last) ?? []), p]);
}

/**
 * A Hangul word without its trailing particle (푸틴을 → 푸틴, 아이들이 → 아이), or undefined when
 * it ends with none. The word itself is matched too, so 아이 (child) still matches though it ends
 * like the particle 이. Every particle ends in a Hangul syllable, so a word that ends like one
 * is a Hangul word.
 */
export function hangulStem(word: string): string | undefined {
  const particles = PARTICLES_BY_LAST.get(word.charCodeAt(word.length - 1));
  if (particles === undefined) return undefined;
  for (const p of particles)
    if (word.length > p.length && word.endsWith(p)) return word.slice(0, -p.length);
  return undefined;
}

// Endings a Russian or Ukrainian name drops before its case endings (Зеленский → Зеленского).
const CYRILLIC_ENDING = /(ий|ый|ой|ій|ая|а|я|о|ь|й)$/;

/**
 * The prefix a Cyrillic name word is matched by, so that its case forms match (Путин, Путина,
 * Путиным), or null when the word is too short for a prefix to be safe (Маск would match маска).
 */
export function cyrillicStem(word: string, minimum: number): string | null {
  const stem = word.replace(CYRILLIC_ENDING, "");
  return stem.length >= minimum ? `${stem}*` : null;
}

// Arabic and Persian clitics written joined to the next word: "and", "with", "for".
const ARABIC_PREFIXES = ["و", "ب", "ل", "ف", "وب", "ول"];

/** An Arabic-script word with each joined clitic. */
export const arabicVariants = (word: string): string[] => [
  word,
  ...ARABIC_PREFIXES.map((p) => p + word),
];

// Arabic clitics joined to the front of a word: "and the", "with the", "for the", "the".
const ARABIC_CLITICS = ["وبال", "وال", "بال", "فال", "كال", "لل", "ال", "و", "ب", "ل", "ف"];

/** An Arabic-script word without its leading clitics (والأطفال → اطفال), or undefined. */
export function arabicStem(word: string): string | undefined {
  // A one-letter clitic is only read off a longer word: بوكس (boxing) is not ب + وكس.
  for (const c of ARABIC_CLITICS)
    if (word.startsWith(c) && word.length - c.length >= (c.length === 1 ? 4 : 3))
      return word.slice(c.length);
  return undefined;
}

/** The form of a word that phrases also match: Korean without its particle, Arabic without its clitics. */
export function wordStem(word: string): string | undefined {
  const c = word.charCodeAt(0);
  if (c >= 0x600 && c <= 0x6ff) return arabicStem(word);
  return c >= 0x1100 ? hangulStem(word) : undefined;
}
