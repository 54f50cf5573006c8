import type { Token } from "./normalize";

/**
 * Multi-word phrase lookup keyed by first word, so a prompt is scanned once whatever the size
 * of the vocabulary. A word ending in "*" matches by prefix ("mutilat*").
 *
 * Phrases are written in a small notation: "(his|her|their) throat" expands to one phrase per
 * alternative, "(a|)" makes a word optional, and "girls?" means "girl" or "girls".
 */
export function expand(entry: string): string[][] {
  const parts: string[][] = [];
  const re = /\(([^)]*)\)|(\S+)/g;
  for (const m of entry.matchAll(re)) {
    if (m[1] !== undefined) {
      parts.push(m[1].split("|").map((alt) => alt.trim()));
    } else {
      const word = m[2] as string;
      parts.push(word.endsWith("?") ? [word.slice(0, -2), word.slice(0, -1)] : [word]);
    }
  }
  let out: string[][] = [[]];
  for (const alts of parts) {
    const next: string[][] = [];
    for (const prefix of out)
      for (const alt of alts) next.push([...prefix, ...alt.split(" ").filter(Boolean)]);
    out = next;
  }
  return out.filter((words) => words.length > 0);
}

export type Phrase<T> = { words: readonly string[]; tag: T };

const pairKey = (w: string, at: number): number =>
  w.charCodeAt(at) * 65536 + (w.charCodeAt(at + 1) || 0);

// A 16-bit digest of a word's first two code units: every phrase's first word (or its "*"
// prefix) marks its digest, so a word whose digest is unmarked is skipped without a lookup.
const STARTS_MASK = 0xffff;
const startDigest = (w: string): number =>
  (Math.imul(w.charCodeAt(0), 0x9e3779b1) ^ (w.charCodeAt(1) || 0)) & STARTS_MASK;

const wordMatches = (pattern: string, word: string): boolean =>
  pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : pattern === word;

// Phrases starting with one word, split by their second word so that a common first word
// ("john", "the", "cut") costs one more lookup rather than a scan of every phrase it starts.
// Created empty and filled on demand: most first words start one or two phrases.
// Phrases whose second word is a prefix are keyed by that prefix's first two characters.
type Bucket<T> = {
  single: Phrase<T>[];
  bySecond: Map<string, Phrase<T>[]> | null;
  otherSecond: Map<number, Phrase<T>[]> | null;
};
const NONE: never[] = [];

export class PhraseIndex<T> {
  private readonly exact = new Map<string, Bucket<T>>();
  // Prefix entries ("mutilat*"), by their first two characters, then by prefix.
  private readonly stems = new Map<number, Array<{ prefix: string; bucket: Bucket<T> }>>();
  private readonly words = new Set<string>();
  // Every "*" prefix used anywhere in a phrase, by its first two characters.
  private readonly stemPrefixes = new Map<number, string[]>();
  private readonly starts = new Uint8Array(STARTS_MASK + 1);
  size = 0;

  /** `minStem`: the shortest prefix a "*" entry may have. */
  constructor(private readonly minStem = 3) {
    if (minStem < 2) throw new Error("stems are keyed by two characters");
  }

  add(words: readonly string[], tag: T): void {
    const first = words[0];
    if (first === undefined) return;
    const phrase = { words, tag };
    this.starts[startDigest(first)] = 1;
    let bucket: Bucket<T> | undefined;
    if (first.endsWith("*")) {
      if (first.length - 1 < this.minStem) throw new Error(`stem too short: ${first}`);
      const prefix = first.slice(0, -1);
      const key = pairKey(prefix, 0);
      let list = this.stems.get(key);
      if (list === undefined) {
        list = [];
        this.stems.set(key, list);
      }
      bucket = list.find((e) => e.prefix === prefix)?.bucket;
      if (bucket === undefined) {
        bucket = { single: NONE, bySecond: null, otherSecond: null };
        list.push({ prefix, bucket });
      }
    } else {
      bucket = this.exact.get(first);
      if (bucket === undefined) {
        bucket = { single: NONE, bySecond: null, otherSecond: null };
        this.exact.set(first, bucket);
      }
    }
    const second = words[1];
    if (second === undefined) {
      if (bucket.single === NONE) bucket.single = [phrase];
      else bucket.single.push(phrase);
    } else if (second.endsWith("*")) {
      bucket.otherSecond ??= new Map();
      // A one-character prefix cannot be keyed by two characters: those sit under -1.
      const key = second.length >= 3 ? pairKey(second, 0) : -1;
      const list = bucket.otherSecond.get(key);
      if (list) list.push(phrase);
      else bucket.otherSecond.set(key, [phrase]);
    } else {
      bucket.bySecond ??= new Map();
      const list = bucket.bySecond.get(second);
      if (list) list.push(phrase);
      else bucket.bySecond.set(second, [phrase]);
    }
    for (const w of words) {
      if (w.endsWith("*")) {
        const prefix = w.slice(0, -1);
        const key = pairKey(prefix, 0);
        const list = this.stemPrefixes.get(key) ?? [];
        if (!list.includes(prefix)) list.push(prefix);
        this.stemPrefixes.set(key, list);
      } else this.words.add(w);
    }
    this.size++;
  }

  /** Every entry of the notation, plus the run-together spelling of multi-word phrases ("bloodsoaked"). */
  addEntry(entry: string, tag: T, runTogether = true): void {
    for (const words of expand(entry)) {
      this.add(words, tag);
      if (runTogether && words.length > 1 && !words.some((w) => w.endsWith("*"))) {
        const joined = words.join("");
        if (joined.length >= 6) this.add([joined], tag);
      }
    }
  }

  /** The one-word phrases that are exactly this word. */
  single(word: string): readonly Phrase<T>[] {
    return this.exact.get(word)?.single ?? [];
  }

  /** Whether the word occurs anywhere in any phrase: only then can it change a verdict. */
  knows(word: string): boolean {
    if (this.words.has(word)) return true;
    const list = this.stemPrefixes.get(pairKey(word, 0));
    if (list !== undefined) for (const prefix of list) if (word.startsWith(prefix)) return true;
    return false;
  }

  /**
   * Writes the phrases that match at token `i` into `out`, a buffer the caller reuses to spare
   * an allocation per word, and returns how many there are. With `sameClause`, a phrase may not
   * straddle a comma or full stop: "a tiger, woods at night" names nobody.
   */
  collect(tokens: readonly Token[], i: number, sameClause: boolean, out: Phrase<T>[]): number {
    const token = tokens[i];
    if (token === undefined) return 0;
    let n = 0;
    const w = token.w;
    const stem = token.stem;
    const starts = this.starts[startDigest(w)] === 1;
    if (starts) {
      const bucket = this.exact.get(w);
      if (bucket !== undefined) n = fromBucket(bucket, tokens, i, sameClause, out, n);
    }
    if (stem !== undefined && this.starts[startDigest(stem)] === 1) {
      const stemBucket = this.exact.get(stem);
      if (stemBucket !== undefined) n = fromBucket(stemBucket, tokens, i, sameClause, out, n);
    }
    if (starts && this.stems.size > 0) {
      const stems = this.stems.get(pairKey(w, 0));
      if (stems !== undefined) {
        for (const { prefix, bucket } of stems)
          if (w.startsWith(prefix)) n = fromBucket(bucket, tokens, i, sameClause, out, n);
      }
    }
    return n;
  }
}

const coverMatches: Phrase<unknown>[] = [];

/** Marks in `covered` every word inside a phrase of `index` (clause-bound), and returns it. */
export function markPhrases<T>(
  index: PhraseIndex<T>,
  tokens: readonly Token[],
  covered: Uint8Array,
): Uint8Array {
  const out = coverMatches as Phrase<T>[];
  for (let i = 0; i < tokens.length; i++) {
    const n = index.collect(tokens, i, true, out);
    for (let m = 0; m < n; m++) covered.fill(1, i, i + (out[m] as Phrase<T>).words.length);
  }
  return covered;
}

function fromBucket<T>(
  bucket: Bucket<T>,
  tokens: readonly Token[],
  i: number,
  sameClause: boolean,
  out: Phrase<T>[],
  n: number,
): number {
  for (const phrase of bucket.single) out[n++] = phrase;
  const next = tokens[i + 1];
  if (next === undefined || (sameClause && next.brk)) return n;
  const bySecond = bucket.bySecond;
  const list =
    bySecond === null
      ? undefined
      : (bySecond.get(next.w) ?? (next.stem === undefined ? undefined : bySecond.get(next.stem)));
  if (list !== undefined)
    for (const phrase of list)
      if (matchesFrom(phrase.words, tokens, i, sameClause)) out[n++] = phrase;
  const other = bucket.otherSecond;
  if (other !== null) {
    const stems = other.get(pairKey(next.w, 0));
    if (stems !== undefined)
      for (const phrase of stems)
        if (matchesFrom(phrase.words, tokens, i, sameClause)) out[n++] = phrase;
    const short = other.get(-1);
    if (short !== undefined)
      for (const phrase of short)
        if (matchesFrom(phrase.words, tokens, i, sameClause)) out[n++] = phrase;
    if (next.stem !== undefined && pairKey(next.stem, 0) !== pairKey(next.w, 0)) {
      const byStem = other.get(pairKey(next.stem, 0));
      if (byStem !== undefined)
        for (const phrase of byStem)
          if (matchesFrom(phrase.words, tokens, i, sameClause)) out[n++] = phrase;
    }
  }
  return n;
}

function matchesFrom(
  words: readonly string[],
  tokens: readonly Token[],
  i: number,
  sameClause: boolean,
): boolean {
  for (let k = 1; k < words.length; k++) {
    const token = tokens[i + k];
    if (token === undefined) return false;
    if (sameClause && token.brk) return false;
    if (
      !wordMatches(words[k] as string, token.w) &&
      (token.stem === undefined || !wordMatches(words[k] as string, token.stem))
    )
      return false;
  }
  return true;
}
