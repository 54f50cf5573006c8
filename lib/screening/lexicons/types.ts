/**
 * One language's share of the content policy. Every list uses the notation of
 * ../phrase-index.ts ("(a|b) word", "words?", a trailing "*" for any ending). In languages
 * written with spaces, entries match whole words after normalisation (lower case, accents kept
 * where they carry meaning); in scripts without word boundaries (Han, kana, Thai) an entry
 * matches anywhere in the text, so those entries must be long enough not to occur inside
 * ordinary words.
 */
export type Lexicon = {
  /** BCP 47 tag: "es", "zh-Hans", "ru-Latn" (transliterated Russian), "ja-Latn" (romaji). */
  lang: string;
  /** The 40-80 most frequent function words, used to tell which languages a prompt is in. */
  stopwords: readonly string[];
  /** Words for human children and teenagers, ages under 18, school stages. */
  minors: readonly string[];
  /** Nudity, sex acts, pornography, genitals. */
  sexual: readonly string[];
  /** Gore, mutilation, torture, executions, and killing described as an act. */
  graphicViolence: readonly string[];
  /** Deepfake, face swap, impersonation, "in the likeness of", offices naming one person. */
  likeness: readonly string[];
  /** Words that cancel a following match: "no", "without", "sin", "ohne". */
  negators: readonly string[];
  /**
   * Fixed phrases that contain a refused word but show nothing refused ("El Niño" the
   * weather, "Kinderzimmer" as a room is NOT one: a room for children still shows none, but
   * list it only if the policy in ../terms.ts would pass its English equivalent).
   */
  exceptions: readonly string[];
};

/** The ages 1 to 17 in digits, and the same as alternatives ("1|2|…|17") for the phrase notation. */
export const UNDER_18_NUMBERS: readonly string[] = Array.from({ length: 17 }, (_, i) => String(i + 1));
export const UNDER_18 = UNDER_18_NUMBERS.join("|");
/** The ages under 18 in digits and in a language's own number words ("un|uno|…|diecisiete"). */
export const under18Or = (numberWords: string): string => `${UNDER_18}|${numberWords}`;
