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
    for (const prefix of out) for (const alt of alts) next.push([...prefix, ...alt.split(" ").filter(Boolean)]);
    out = next;
  }
  return out.filter((words) => words.length > 0);
}

export type Phrase<T> = { words: readonly string[]; tag: T };

const wordMatches = (pattern: string, word: string): boolean =>
  pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : pattern === word;

export class PhraseIndex<T> {
  private readonly exact = new Map<string, Phrase<T>[]>();
  private readonly stems = new Map<string, Phrase<T>[]>();
  size = 0;

  add(words: readonly string[], tag: T): void {
    const first = words[0];
    if (first === undefined) return;
    const stem = first.endsWith("*");
    if (stem && first.length < 4) throw new Error(`stem too short to index: ${first}`);
    const map = stem ? this.stems : this.exact;
    const key = stem ? first.slice(0, 3) : first;
    const list = map.get(key);
    const phrase = { words, tag };
    if (list) list.push(phrase);
    else map.set(key, [phrase]);
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

  /**
   * Phrases that match at token `i`, as [phrase, length] pairs. With `sameClause`, a phrase may
   * not straddle a comma or full stop: "a tiger, woods at night" names nobody.
   */
  matchesAt(tokens: readonly Token[], i: number, sameClause: boolean): Array<[Phrase<T>, number]> {
    const token = tokens[i];
    if (token === undefined) return [];
    const out: Array<[Phrase<T>, number]> = [];
    const candidates = [this.exact.get(token.w), token.w.length >= 3 ? this.stems.get(token.w.slice(0, 3)) : undefined];
    for (const list of candidates) {
      if (!list) continue;
      for (const phrase of list) {
        if (matchesFrom(phrase.words, tokens, i, sameClause)) out.push([phrase, phrase.words.length]);
      }
    }
    return out;
  }
}

function matchesFrom(words: readonly string[], tokens: readonly Token[], i: number, sameClause: boolean): boolean {
  for (let k = 0; k < words.length; k++) {
    const token = tokens[i + k];
    if (token === undefined) return false;
    if (k > 0 && sameClause && token.brk) return false;
    if (!wordMatches(words[k] as string, token.w)) return false;
  }
  return true;
}
