/**
 * Misspellings of long, unambiguous refused words ("decaptiated", "dismemebred", "chlidren"):
 * one letter added, dropped, changed, or two neighbours swapped. Only words of eight letters or
 * more are listed, and only ones with no ordinary English word one edit away ("stripper" is
 * not listed because of "stripped", nor "sexually" because of "sexuality").
 */

type Category = "minors" | "sexual" | "graphic_violence";

const TYPO_PRONE: Record<Category, string> = {
  minors:
    "children toddlers teenager teenagers teenaged kindergarten kindergartner kindergartners preschooler preschoolers schoolgirl schoolgirls schoolboys adolescent adolescents prepubescent pedophile pedophiles paedophile",
  sexual:
    "pornography pornographic masturbating masturbation masturbates nakedness intercourse threesome striptease bestiality",
  graphic_violence:
    "decapitated decapitation decapitate decapitating dismembered dismemberment dismembering disemboweled disembowelled disembowelment eviscerated evisceration mutilated mutilation mutilating beheading beheaded beheadings gruesome massacred massacres genocide cannibalism cannibals infanticide torturing tortured",
};

const BY_PREFIX = new Map<string, Array<{ word: string; category: Category }>>();
for (const [category, words] of Object.entries(TYPO_PRONE) as Array<[Category, string]>) {
  for (const word of words.split(" ")) {
    const key = word.slice(0, 2);
    const list = BY_PREFIX.get(key) ?? [];
    list.push({ word, category });
    BY_PREFIX.set(key, list);
  }
}

/** At most one insertion, deletion, substitution or swap of neighbours apart. */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The category of a refused word this word is a misspelling of, if any. */
export function misspelledTerm(word: string): Category | null {
  if (word.length < 8) return null;
  const list = BY_PREFIX.get(word.slice(0, 2));
  if (list === undefined) return null;
  for (const { word: term, category } of list) if (withinOneEdit(word, term)) return category;
  return null;
}
