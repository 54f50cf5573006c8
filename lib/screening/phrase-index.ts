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

/** An append-only list of 32-bit integers in one typed array, which the collector never walks. */
class IntList {
  private data = new Int32Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  at(i: number): number {
    return this.data[i] as number;
  }

  /** Gives back the room that doubling left unused; a later push grows it again. */
  trim(): void {
    if (this.length < this.data.length) this.data = this.data.slice(0, Math.max(1, this.length));
  }
}

// A bucket's phrases sit in one run of the lookup's order, in three sections: one-word
// phrases, phrases by their second word's id, then phrases whose second word is a prefix, by
// that prefix's first two characters (-1 for a one-character prefix).
const SINGLE = 0;
const BY_SECOND = 1;
const OTHER_SECOND = 2;

/** The read side of the index, built from the phrases on first use. */
type Lookup = {
  /** Bucket of each word id used as a whole first word, or -1. */
  exact: Int32Array;
  /** Prefix entries ("mutilat*"), by their first two characters, then by prefix. */
  stems: Map<number, Array<{ prefix: string; bucket: number }>>;
  /** Per bucket, where each section starts in `order`, and where the bucket ends. */
  sections: Int32Array;
  /** Phrase ids, by bucket, section, key, then the order they were added. */
  order: Int32Array;
  keys: Float64Array;
};

/**
 * Multi-word phrase lookup keyed by first word, so a prompt is scanned once whatever the size
 * of the vocabulary. A word ending in "*" matches by prefix ("mutilat*").
 *
 * Each distinct word is held once, as a string with an id; phrases are runs of ids in typed
 * arrays. Indexes of a hundred thousand phrases would otherwise be a few hundred thousand small
 * objects that every full collection of the request thread's heap walks. A match is handed out
 * as a fresh `Phrase`.
 */
export class PhraseIndex<T> {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  /** For a word ending in "*", its prefix; undefined for a whole word. */
  private readonly prefixes: Array<string | undefined> = [];
  private readonly tags: T[] = [];
  private readonly tagIds = new Map<T, number>();
  // Phrase p's words are wordIds[ends[p - 1] .. ends[p]), its tag tags[tagOf[p]].
  private readonly wordIds = new IntList();
  private readonly ends = new IntList();
  private readonly tagOf = new IntList();
  // Every "*" prefix used anywhere in a phrase, by its first two characters.
  private readonly stemPrefixes = new Map<number, string[]>();
  private readonly starts = new Uint8Array(STARTS_MASK + 1);
  private lookup: Lookup | null = null;
  size = 0;

  /** `minStem`: the shortest prefix a "*" entry may have. */
  constructor(private readonly minStem = 3) {
    if (minStem < 2) throw new Error("stems are keyed by two characters");
  }

  add(words: readonly string[], tag: T): void {
    const first = words[0];
    if (first === undefined) return;
    if (first.endsWith("*") && first.length - 1 < this.minStem)
      throw new Error(`stem too short: ${first}`);
    this.starts[startDigest(first)] = 1;
    for (const w of words) this.wordIds.push(this.intern(w));
    this.ends.push(this.wordIds.length);
    let tagId = this.tagIds.get(tag);
    if (tagId === undefined) {
      tagId = this.tags.length;
      this.tags.push(tag);
      this.tagIds.set(tag, tagId);
    }
    this.tagOf.push(tagId);
    this.lookup = null;
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
    const { exact, sections, order } = this.read();
    const id = this.ids.get(word);
    const bucket = id === undefined ? -1 : (exact[id] as number);
    if (bucket < 0) return [];
    const out: Phrase<T>[] = [];
    for (let j = sections[bucket * 3] as number; j < (sections[bucket * 3 + 1] as number); j++)
      out.push(this.phrase(order[j] as number));
    return out;
  }

  /** Whether the word occurs anywhere in any phrase: only then can it change a verdict. */
  knows(word: string): boolean {
    if (!word.endsWith("*") && this.ids.has(word)) return true;
    const list = this.stemPrefixes.get(pairKey(word, 0));
    if (list !== undefined) for (const prefix of list) if (word.startsWith(prefix)) return true;
    return false;
  }

  /**
   * Writes the phrases that match at token `i` into `out`, a buffer the caller reuses, and
   * returns how many there are. With `sameClause`, a phrase may not straddle a comma or full
   * stop: "a tiger, woods at night" names nobody.
   */
  collect(tokens: readonly Token[], i: number, sameClause: boolean, out: Phrase<T>[]): number {
    const token = tokens[i];
    if (token === undefined) return 0;
    const lookup = this.read();
    let n = 0;
    const w = token.w;
    const stem = token.stem;
    const starts = this.starts[startDigest(w)] === 1;
    if (starts) {
      const bucket = this.exactBucket(lookup, w);
      if (bucket >= 0) n = this.fromBucket(lookup, bucket, tokens, i, sameClause, out, n);
    }
    if (stem !== undefined && this.starts[startDigest(stem)] === 1) {
      const bucket = this.exactBucket(lookup, stem);
      if (bucket >= 0) n = this.fromBucket(lookup, bucket, tokens, i, sameClause, out, n);
    }
    if (starts && lookup.stems.size > 0) {
      const stems = lookup.stems.get(pairKey(w, 0));
      if (stems !== undefined) {
        for (const { prefix, bucket } of stems)
          if (w.startsWith(prefix))
            n = this.fromBucket(lookup, bucket, tokens, i, sameClause, out, n);
      }
    }
    return n;
  }

  private intern(word: string): number {
    let id = this.ids.get(word);
    if (id !== undefined) return id;
    id = this.texts.length;
    this.ids.set(word, id);
    this.texts.push(word);
    if (word.endsWith("*")) {
      const prefix = word.slice(0, -1);
      this.prefixes.push(prefix);
      const key = pairKey(prefix, 0);
      const list = this.stemPrefixes.get(key);
      if (list === undefined) this.stemPrefixes.set(key, [prefix]);
      else if (!list.includes(prefix)) list.push(prefix);
    } else this.prefixes.push(undefined);
    return id;
  }

  private phrase(p: number): Phrase<T> {
    const words: string[] = [];
    for (let k = p === 0 ? 0 : this.ends.at(p - 1); k < this.ends.at(p); k++)
      words.push(this.texts[this.wordIds.at(k)] as string);
    return { words, tag: this.tags[this.tagOf.at(p)] as T };
  }

  private exactBucket(lookup: Lookup, word: string): number {
    const id = this.ids.get(word);
    return id === undefined ? -1 : (lookup.exact[id] as number);
  }

  private wordMatches(id: number, word: string): boolean {
    const prefix = this.prefixes[id];
    return prefix === undefined ? this.texts[id] === word : word.startsWith(prefix);
  }

  private matchesFrom(
    p: number,
    tokens: readonly Token[],
    i: number,
    sameClause: boolean,
  ): boolean {
    const from = p === 0 ? 0 : this.ends.at(p - 1);
    const length = this.ends.at(p) - from;
    for (let k = 1; k < length; k++) {
      const token = tokens[i + k];
      if (token === undefined) return false;
      if (sameClause && token.brk) return false;
      const id = this.wordIds.at(from + k);
      if (
        !this.wordMatches(id, token.w) &&
        (token.stem === undefined || !this.wordMatches(id, token.stem))
      )
        return false;
    }
    return true;
  }

  private fromBucket(
    lookup: Lookup,
    bucket: number,
    tokens: readonly Token[],
    i: number,
    sameClause: boolean,
    out: Phrase<T>[],
    n: number,
  ): number {
    const { sections, order, keys } = lookup;
    const single = sections[bucket * 3] as number;
    const bySecond = sections[bucket * 3 + 1] as number;
    const other = sections[bucket * 3 + 2] as number;
    const end = sections[bucket * 3 + 3] as number;
    for (let j = single; j < bySecond; j++) out[n++] = this.phrase(order[j] as number);
    const next = tokens[i + 1];
    if (next === undefined || (sameClause && next.brk)) return n;
    // Adds the matching phrases keyed `key` in [lo, hi); whether there are any with that key.
    const run = (lo: number, hi: number, key: number | undefined): boolean => {
      let j = key === undefined ? -1 : seek(keys, lo, hi, key);
      if (j < 0) return false;
      for (; j < hi && keys[j] === key; j++) {
        const p = order[j] as number;
        if (this.matchesFrom(p, tokens, i, sameClause)) out[n++] = this.phrase(p);
      }
      return true;
    };
    // The second word as written, or else its stem.
    if (bySecond < other && !run(bySecond, other, this.ids.get(next.w)) && next.stem !== undefined)
      run(bySecond, other, this.ids.get(next.stem));
    if (other < end) {
      const key = pairKey(next.w, 0);
      run(other, end, key);
      run(other, end, -1);
      if (next.stem !== undefined && pairKey(next.stem, 0) !== key)
        run(other, end, pairKey(next.stem, 0));
    }
    return n;
  }

  private read(): Lookup {
    if (this.lookup === null) this.lookup = this.build();
    return this.lookup;
  }

  private build(): Lookup {
    this.wordIds.trim();
    this.ends.trim();
    this.tagOf.trim();
    const count = this.ends.length;
    const exact = new Int32Array(this.texts.length).fill(-1);
    const stems = new Map<number, Array<{ prefix: string; bucket: number }>>();
    const bucketOf = new Int32Array(count);
    const sectionOf = new Uint8Array(count);
    const keyOf = new Float64Array(count);
    let buckets = 0;
    for (let p = 0; p < count; p++) {
      const from = p === 0 ? 0 : this.ends.at(p - 1);
      const first = this.wordIds.at(from);
      const prefix = this.prefixes[first];
      let bucket: number;
      if (prefix === undefined) {
        bucket = exact[first] as number;
        if (bucket < 0) {
          bucket = buckets++;
          exact[first] = bucket;
        }
      } else {
        const key = pairKey(prefix, 0);
        let list = stems.get(key);
        if (list === undefined) {
          list = [];
          stems.set(key, list);
        }
        let entry = list.find((e) => e.prefix === prefix);
        if (entry === undefined) {
          entry = { prefix, bucket: buckets++ };
          list.push(entry);
        }
        bucket = entry.bucket;
      }
      bucketOf[p] = bucket;
      if (this.ends.at(p) - from === 1) sectionOf[p] = SINGLE;
      else {
        const second = this.wordIds.at(from + 1);
        const secondText = this.texts[second] as string;
        if (this.prefixes[second] === undefined) {
          sectionOf[p] = BY_SECOND;
          keyOf[p] = second;
        } else {
          sectionOf[p] = OTHER_SECOND;
          // A one-character prefix cannot be keyed by two characters: those sit under -1.
          keyOf[p] = secondText.length >= 3 ? pairKey(secondText, 0) : -1;
        }
      }
    }
    const order = new Int32Array(count);
    for (let p = 0; p < count; p++) order[p] = p;
    order.sort(
      (a, b) =>
        (bucketOf[a] as number) - (bucketOf[b] as number) ||
        (sectionOf[a] as number) - (sectionOf[b] as number) ||
        (keyOf[a] as number) - (keyOf[b] as number) ||
        a - b,
    );
    const keys = new Float64Array(count);
    const sections = new Int32Array(buckets * 3 + 1);
    // Each bucket's three section starts; a section that is empty starts where the next does.
    let j = 0;
    for (let bucket = 0; bucket < buckets; bucket++)
      for (let section = SINGLE; section <= OTHER_SECOND; section++) {
        sections[bucket * 3 + section] = j;
        while (
          j < count &&
          bucketOf[order[j] as number] === bucket &&
          sectionOf[order[j] as number] === section
        )
          j++;
      }
    sections[buckets * 3] = count;
    for (let k = 0; k < count; k++) keys[k] = keyOf[order[k] as number] as number;
    return { exact, stems, sections, order, keys };
  }
}

/** Where the entries keyed `key` start in the sorted run [lo, hi) of `keys`, or -1. */
function seek(keys: Float64Array, lo: number, hi: number, key: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if ((keys[mid] as number) < key) a = mid + 1;
    else b = mid;
  }
  return a < hi && keys[a] === key ? a : -1;
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
