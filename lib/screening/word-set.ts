/** A set of words written as one space-separated string, the way the screening lists are kept. */
export function wordSet(words: string): Set<string> {
  return new Set(words.split(/\s+/).filter(Boolean));
}
