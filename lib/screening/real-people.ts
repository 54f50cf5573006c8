import { REAL_PEOPLE } from "@/lib/screening/data/real-people";

const NAMES = new Set(REAL_PEOPLE.flatMap((line) => line.split("|").map((n) => n.replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim())));
/** First word of each name → the longest name starting with it, in words; built once at load. */
const STARTS = new Map<string, number>();
for (const name of NAMES) {
  const parts = name.split(" ");
  const first = parts[0] as string;
  STARTS.set(first, Math.max(STARTS.get(first) ?? 0, parts.length));
}

export const REAL_PEOPLE_COUNT = REAL_PEOPLE.length;

/** The first real person named in space-separated words, if any. */
export function findRealPerson(wordsText: string): string | null {
  const tokens = wordsText.trim().split(" ");
  for (let i = 0; i < tokens.length; i++) {
    const longest = STARTS.get(tokens[i] as string);
    if (!longest) continue;
    let phrase = tokens[i] as string;
    if (NAMES.has(phrase)) return phrase;
    for (let n = 1; n < longest && i + n < tokens.length; n++) {
      phrase = `${phrase} ${tokens[i + n]}`;
      if (NAMES.has(phrase)) return phrase;
    }
  }
  return null;
}
