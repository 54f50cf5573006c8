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

const LISTS = ["stopwords", "minors", "sexual", "graphicViolence", "likeness", "negators", "exceptions"] as const;

/**
 * A language's lexicon as stored in data/<lang>.json: the word lists are data, kept apart from
 * the code that builds the entries no list can spell out (ages, inflections). In a list, an
 * entry "# ..." is the authors' note on the entries after it; "$name" stands for the computed
 * entries given as `computed.name` (one string or several); "$inflected.name" for the words of
 * `inflected.name`, each run through the language's `inflect` (its articles, particles or
 * clitics). "words" holds the plain word arrays the computations start from.
 */
export type LexiconData = {
  lang: string;
  words?: Readonly<Record<string, readonly string[]>>;
  inflected?: Readonly<Record<string, readonly string[]>>;
} & { [list in (typeof LISTS)[number]]: readonly string[] };

type Inflect = (word: string) => string | readonly string[];

export const fromData = (
  data: LexiconData,
  computed: Readonly<Record<string, string | readonly string[]>> = {},
  inflect?: Inflect,
): Lexicon => {
  const used = new Set<string>();
  const place = (name: string): string | readonly string[] | undefined => {
    const words = name.startsWith("inflected.") ? data.inflected?.[name.slice("inflected.".length)] : undefined;
    if (words && inflect) return words.flatMap(inflect);
    used.add(name);
    return computed[name];
  };
  const expand = (list: readonly string[]): string[] =>
    list.flatMap((entry) => {
      if (entry.startsWith("#")) return [];
      if (!entry.startsWith("$")) return [entry];
      const value = place(entry.slice(1));
      if (value === undefined) throw new Error(`lexicon ${data.lang}: nothing given for "${entry}"`);
      return typeof value === "string" ? [value] : [...value];
    });
  const lexicon = Object.fromEntries([["lang", data.lang], ...LISTS.map((list) => [list, expand(data[list])])]) as Lexicon;
  const unused = Object.keys(computed).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`lexicon ${data.lang}: computed entries never placed: ${unused.join(", ")}`);
  return lexicon;
};
