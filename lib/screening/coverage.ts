import { ANIMAL_MODIFIERS, ANIMALS, HUMAN_WORDS, SAFE_PHRASES } from "./allow-list";
import type { Token } from "./normalize";
import { markPhrases, PhraseIndex } from "./phrase-index";
import { wordSet } from "./word-set";

/**
 * Which words of a prompt are spoken for by something harmless: a safe phrase ("killer whale",
 * "baby's breath") or a word for young that refers to an animal ("baby elephant", "a goat and
 * her kids"). The young-animal rules are code rather than phrases because the animal may sit a
 * few words away ("a baby African elephant").
 */

const SAFE = new PhraseIndex<true>();
for (const entry of SAFE_PHRASES) SAFE.addEntry(entry, true, false);

const YOUNG = wordSet("baby babies newborn newborns infant infants young little");
const POSSESSIVES = new Set(["her", "its", "their", "his"]);
const PARENT_LINKS = wordSet(
  "and with feeding feeds nursing nurses protecting protects guarding guards carrying carries leading leads licking licks grooming cleaning watching",
);
const ANIMAL_MOTHERS = new Set(["mother", "mom", "mum", "mama"]);

/** Words inside safe phrases, and words for young that refer to animals: a refused phrase touching one is ignored. */
export function coverage(tokens: readonly Token[]): Uint8Array {
  const covered = markPhrases(SAFE, tokens, new Uint8Array(tokens.length));
  for (let i = 0; i < tokens.length; i++) {
    const w = (tokens[i] as Token).w;
    if (!YOUNG.has(w) && w !== "kid" && w !== "kids") continue;
    if (YOUNG.has(w) && youngAnimalAhead(tokens, i)) covered[i] = 1;
    else if (
      w !== "kid" &&
      w !== "kids" &&
      !(tokens[i] as Token).brk &&
      ANIMALS.has(tokens[i - 1]?.w ?? "")
    )
      covered[i] = 1;
    else if (POSSESSIVES.has(tokens[i - 1]?.w ?? "") && animalParent(tokens, i - 2)) covered[i] = 1;
  }
  return covered;
}

/** "baby elephant", "baby sea turtle", "newborn African elephant calf". */
function youngAnimalAhead(tokens: readonly Token[], i: number): boolean {
  for (let j = i + 1; j <= i + 3 && j < tokens.length; j++) {
    const t = tokens[j] as Token;
    if (t.brk) return false;
    if (ANIMALS.has(t.w)) return true;
    if (!ANIMAL_MODIFIERS.has(t.w)) return false;
  }
  return false;
}

/** "a mother bear and [her] babies", "a goat with [her] kids", unless a person is in the clause. */
function animalParent(tokens: readonly Token[], from: number): boolean {
  let j = from;
  while (j >= 0 && j > from - 4 && PARENT_LINKS.has((tokens[j] as Token).w)) j--;
  if (j < 0 || !ANIMALS.has((tokens[j] as Token).w)) return false;
  for (let k = j; k >= 0; k--) {
    const t = tokens[k] as Token;
    if (HUMAN_WORDS.has(t.w) && !ANIMAL_MOTHERS.has(t.w) && !POSSESSIVES.has(t.w)) return false;
    if (t.brk) break;
  }
  return true;
}
