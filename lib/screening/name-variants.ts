import { REAL_PEOPLE } from "./data/real-people.generated";
import { NAME_SUPPLEMENT } from "./names-supplement";
import type { Token } from "./normalize";
import { phraseWords } from "./normalize";
import { UNSPACED } from "./scripts";

/**
 * Listed names written so that the exact index (real-people.ts) misses them: misspelled
 * ("Tayler Swfit", "Zuckerburg"), surname first ("Swift Taylor", "Swift, Taylor"). Only
 * alphabetic scripts with spaces between words (Latin, Cyrillic, Greek): Han, kana and Thai
 * names are matched as substrings and have no spelling slack.
 *
 * Edits are counted per name word (insertion, deletion, substitution, swap of neighbours), and
 * never on the first letter, which misspellings keep: none on words of three letters or fewer,
 * one on words of four to eight, two on longer ones, and for the whole name at most one per
 * five letters, two in all. A lone misspelled word counts only when it is the surname (or the
 * one-word name) of a person's usual name ("Zuckerburg", "Beyonse"), six letters or more (the
 * misspelling seven or more: "Neymarr", but not "Jaeger" for "Jagger"),
 * written with a capital, and not itself a word of some listed name ("William" is not
 * "Williams"). Creators (their names are styles) and names made of ordinary words are left to
 * the exact index.
 */

/** `reordered`: the words surname first. */
type Entry = { words: readonly string[]; reordered: readonly string[]; name: string };
type Slot = { entry: Entry; at: number };

// Every name word and each of its one-letter deletions (the first letter kept), to the names it
// occurs in. A prompt word looks up itself and its own deletions: two words within two edits
// share a key unless both edits fall on the same side. Most keys lead to one name word, held
// as the slot itself rather than a list of one: a hundred thousand fewer arrays on the heap.
const FUZZY = new Map<string, Slot | Slot[]>();
// Names of two or three words, surname first ("swift taylor"), for reordering without typos.
const REVERSED = new Map<string, Entry>();
// Every word of every alias.
const NAME_WORDS = new Set<string>();

function forEachDeletion(word: string, visit: (key: string) => void): void {
  if (word.length < 4) return;
  for (let i = 1; i < word.length; i++) visit(word.slice(0, i) + word.slice(i + 1));
}

const ALPHABETIC = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u;

const sameSlot = (a: Slot, b: Slot): boolean => a.entry.words === b.entry.words && a.at === b.at;

function addKey(key: string, slot: Slot): void {
  const held = FUZZY.get(key);
  if (held === undefined) FUZZY.set(key, slot);
  else if (!Array.isArray(held)) {
    if (!sameSlot(held, slot)) FUZZY.set(key, [held, slot]);
  } else if (!held.some((x) => sameSlot(x, slot))) held.push(slot);
}

// The aliases already indexed are needed only while the index is built.
{
  const seen = new Set<string>();
  for (const line of [...REAL_PEOPLE, ...NAME_SUPPLEMENT]) {
    if (line.startsWith("*") || line.startsWith("^")) continue;
    const aliases = line.split("|");
    const name = (aliases[0] ?? "").trim();
    // A lone word only from the usual name: other one-word aliases are often romanisations that
    // sit one letter from ordinary words of that language.
    const usual = phraseWords(name);
    const surname = usual[usual.length - 1];
    for (const alias of aliases) {
      if (UNSPACED.test(alias)) continue;
      const words = phraseWords(alias);
      if (words.length === 0 || words.length > 3 || !words.every((w) => ALPHABETIC.test(w)))
        continue;
      const id = words.join(" ");
      if (seen.has(id)) continue;
      seen.add(id);
      for (const w of words) NAME_WORDS.add(w);
      if (words.length === 1 && (words[0] !== surname || id.length < 6)) continue;
      const reordered = [words[words.length - 1] as string, ...words.slice(0, -1)];
      const entry: Entry = { words, reordered, name };
      if (words.length > 1) REVERSED.set(reordered.join(" "), entry);
      words.forEach((w, at) => {
        if (w.length < 4) return;
        const slot = { entry, at };
        addKey(w, slot);
        forEachDeletion(w, (d) => addKey(d, slot));
      });
    }
  }
}

// Rows of the edit-distance table, reused: names are short.
const ROWS = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance, or `limit + 1` once it is certainly above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  if (n >= 63 || a.length >= 63) return limit + 1;
  let [prev2, prev, cur] = ROWS as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] as number;
}

const allowance = (nameWord: string): number =>
  nameWord.length <= 3 ? 0 : nameWord.length <= 8 ? 1 : 2;

/** Edits between a prompt word and a name word, or -1 when above that word's allowance. */
function wordEdits(promptWord: string, nameWord: string): number {
  if (promptWord === nameWord) return 0;
  const limit = allowance(nameWord);
  // Misspellings keep the first letter; "off" is not "Hoff".
  if (limit === 0 || promptWord.length < 3 || promptWord.charCodeAt(0) !== nameWord.charCodeAt(0))
    return -1;
  const d = editDistance(promptWord, nameWord, limit);
  return d > limit ? -1 : d;
}

type Found = { name: string; start: number; length: number };

/**
 * Whether `words` match the prompt words from `start` with at least one edit, within the
 * allowance. A clause break inside the name is only allowed right
 * after the surname of a reordered one ("Swift, Taylor").
 */
function matchesAt(
  tokens: readonly Token[],
  start: number,
  words: readonly string[],
  reordered: boolean,
): boolean {
  if (start < 0 || start + words.length > tokens.length) return false;
  // Misspellings keep the first letter: most candidates fail here, before any distance.
  for (let k = 0; k < words.length; k++)
    if ((tokens[start + k] as Token).w.charCodeAt(0) !== (words[k] as string).charCodeAt(0))
      return false;
  let edits = 0;
  let letters = 0;
  for (let k = 0; k < words.length; k++) {
    const t = tokens[start + k] as Token;
    if (k > 0 && t.brk && !(reordered && k === 1)) return false;
    const e = wordEdits(t.w, words[k] as string);
    if (e < 0) return false;
    edits += e;
    letters += (words[k] as string).length;
  }
  // Spelled right, the name is the exact index's (or, reordered, REVERSED's) to find.
  if (edits === 0) return false;
  // Misspelled short names are mostly other words ("a side" is not the romanised "A Sade").
  if (letters < 8 || words.filter((w) => w.length >= 3).length < 2) return false;
  return edits <= 2 && edits <= Math.max(1, Math.floor(letters / 5));
}

function slotMatch(tokens: readonly Token[], i: number, { entry, at }: Slot): Found | null {
  const words = entry.words;
  const n = words.length;
  const t = tokens[i] as Token;
  if (n === 1) {
    if (!t.cap || t.w.length < 7 || NAME_WORDS.has(t.w)) return null;
    const e = wordEdits(t.w, words[0] as string);
    return e > 0 ? { name: entry.name, start: i, length: 1 } : null;
  }
  if (matchesAt(tokens, i - at, words, false))
    return { name: entry.name, start: i - at, length: n };
  // Surname first: the surname is at 0, the others follow in order.
  const atReordered = at === n - 1 ? 0 : at + 1;
  if (matchesAt(tokens, i - atReordered, entry.reordered, true))
    return { name: entry.name, start: i - atReordered, length: n };
  return null;
}

// The names a prompt word could be a misspelling of, by prompt word: ordinary words come back
// prompt after prompt, so their (mostly empty) lists are kept, up to a bound. Two-word names
// are grouped by the first letter of their other word, which must start a neighbouring word.
type Candidates = { byOther: Map<number, Slot[]>; lone: Slot[]; three: Slot[] };
const CANDIDATES = new Map<string, Candidates | null>();
const CANDIDATES_MAX = 20_000;

function candidatesFor(w: string): Candidates | null {
  const cached = CANDIDATES.get(w);
  if (cached !== undefined) return cached;
  const seenSlots = new Set<Slot>();
  let result: Candidates | null = null;
  const collect = (key: string): void => {
    const held = FUZZY.get(key);
    if (held === undefined) return;
    for (const slot of Array.isArray(held) ? held : [held]) {
      const nameWord = slot.entry.words[slot.at] as string;
      // An exact word is only a candidate through another, misspelled word of the name; and
      // only names whose word is within its allowance of this one, decided once per word.
      if (nameWord === w || seenSlots.has(slot) || wordEdits(w, nameWord) <= 0) continue;
      seenSlots.add(slot);
      result ??= { byOther: new Map(), lone: [], three: [] };
      const words = slot.entry.words;
      if (words.length !== 2) {
        (words.length === 1 ? result.lone : result.three).push(slot);
        continue;
      }
      const letter = (words[1 - slot.at] as string).charCodeAt(0);
      const group = result.byOther.get(letter);
      if (group === undefined) result.byOther.set(letter, [slot]);
      else group.push(slot);
    }
  };
  if (ALPHABETIC.test(w)) {
    collect(w);
    forEachDeletion(w, collect);
  }
  if (CANDIDATES.size >= CANDIDATES_MAX) CANDIDATES.clear();
  CANDIDATES.set(w, result);
  return result;
}

function matchAny(
  tokens: readonly Token[],
  i: number,
  slots: readonly Slot[] | undefined,
): Found | null {
  if (slots === undefined) return null;
  for (const slot of slots) {
    const found = slotMatch(tokens, i, slot);
    if (found !== null) return found;
  }
  return null;
}

function variantAt(tokens: readonly Token[]): Found | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const w = t.w;
    // Surname first, spelled right: "Swift Taylor", "Swift, Taylor", "Zidane Zinedine".
    const next = tokens[i + 1];
    // Capitals or the comma tell a reordered name from words that happen to be names ("the
    // smith will"); a three-word name is only read with capitals.
    if (
      next !== undefined &&
      ((t.cap && next.cap) || next.brk) &&
      NAME_WORDS.has(w) &&
      NAME_WORDS.has(next.w)
    ) {
      const two = REVERSED.get(`${w} ${next.w}`);
      if (two !== undefined) return { name: two.name, start: i, length: 2 };
      const third = tokens[i + 2];
      const three =
        third?.cap && !third.brk ? REVERSED.get(`${w} ${next.w} ${third.w}`) : undefined;
      if (three) return { name: three.name, start: i, length: 3 };
    }
    // No name word is near 30 letters; a longer word would only cost time.
    if (w.length < 3 || w.length > 30) continue;
    const candidates = candidatesFor(w);
    if (candidates === null) continue;
    const before = tokens[i - 1]?.w.charCodeAt(0) ?? -1;
    const after = next?.w.charCodeAt(0) ?? -1;
    const found =
      (t.cap && w.length >= 7 ? matchAny(tokens, i, candidates.lone) : null) ??
      matchAny(tokens, i, candidates.three) ??
      matchAny(tokens, i, candidates.byOther.get(before)) ??
      (after !== before ? matchAny(tokens, i, candidates.byOther.get(after)) : null);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The listed person a misspelled or reordered name in the words stands for, or null. `safe`
 * (computed only once a name is found) marks words inside safe phrases ("Prince William Sound").
 */
export function findNameVariant(tokens: readonly Token[], safe: () => Uint8Array): string | null {
  const found = variantAt(tokens);
  if (found === null) return null;
  const mask = safe();
  for (let k = found.start; k < found.start + found.length; k++) if (mask[k]) return null;
  return found.name;
}
