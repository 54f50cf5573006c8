import { compact } from "./scripts";

/**
 * Matching for scripts written without spaces between words (Han, kana, Thai): entries are
 * found anywhere in the text, keyed by their first two UTF-16 units so a prompt costs one map
 * lookup per character. Entries and text are compacted the same way (no spaces, no middle dots), so
 * "ドナルド・トランプ" and "ドナルドトランプ" are one name.
 */

// Characters that make a number: an entry starting with one ("12岁", "十二岁") must not follow
// another, or "22岁" would contain "2岁" and "二十二岁" would contain "十二岁".
const NUMERAL = /[0-9〇一二三四五六七八九十百两兩零]/;
const LATIN = /[a-z0-9]/;

export type SubstringHit<T> = { start: number; end: number; tag: T };

type Entry<T> = { text: string; tag: T; numeric: boolean; latinStart: boolean; latinEnd: boolean };

export class SubstringIndex<T> {
  private readonly byFirst = new Map<number, Array<Entry<T>>>();
  private sorted = true;
  size = 0;

  add(raw: string, tag: T): void {
    const text = compact(raw);
    if (text.length < 2) return;
    const key = text.charCodeAt(0) * 65536 + text.charCodeAt(1);
    const list = this.byFirst.get(key) ?? [];
    list.push({
      text,
      tag,
      numeric: NUMERAL.test(text.charAt(0)),
      latinStart: LATIN.test(text.charAt(0)),
      latinEnd: LATIN.test(text.charAt(text.length - 1)),
    });
    this.byFirst.set(key, list);
    this.sorted = false;
    this.size++;
  }

  /** Every entry found in `text` (already compacted), longest first at each position. */
  find(text: string): Array<SubstringHit<T>> {
    const hits: Array<SubstringHit<T>> = [];
    if (this.size === 0) return hits;
    if (!this.sorted) {
      for (const list of this.byFirst.values()) list.sort((a, b) => b.text.length - a.text.length);
      this.sorted = true;
    }
    for (let i = 0; i < text.length; i++) {
      const list = this.byFirst.get(text.charCodeAt(i) * 65536 + (text.charCodeAt(i + 1) || 0));
      if (list === undefined) continue;
      for (const e of list) {
        if (!text.startsWith(e.text, i)) continue;
        const before = text.charAt(i - 1);
        const after = text.charAt(i + e.text.length);
        if (e.numeric && before !== "" && NUMERAL.test(before)) continue;
        if (e.latinStart && before !== "" && LATIN.test(before)) continue;
        if (e.latinEnd && after !== "" && LATIN.test(after)) continue;
        hits.push({ start: i, end: i + e.text.length, tag: e.tag });
      }
    }
    return hits;
  }
}
