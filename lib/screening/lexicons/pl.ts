import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/pl.json";

/**
 * Polish. Diacritics are folded before matching (ł→l, ż→z, ó→o...). Case endings are written
 * out or given by "*" on stems no innocent word starts with: "dziec*" would also hit
 * "dzieciństwo" (childhood, a topic that passes), "nag*" would hit "nagroda", "gwałt*"
 * would hit "gwałtowny" (violent, of a storm), "pyta*"-like traps are avoided the same way.
 * "dziewczyna" (also "girlfriend", "young woman") is left out, as "girl" is in English;
 * "dziewczynka" (little girl) is in.
 */

const AGE_STEMS = "trzy|cztero|pięcio|sześcio|siedmio|ośmio|dziewięcio|dziesięcio|jedenasto|dwunasto|trzynasto|czternasto|piętnasto|szesnasto|siedemnasto";
const SPELLED_AGES = AGE_STEMS.split("|").flatMap((n) => [`${n}letni*`, `${n}latek`, `${n}latk*`, `${n}latka`]);
const GRADERS = "pierwszo|drugo|trzecio|czwarto|piąto|szósto|siódmo|ósmo".split("|").flatMap((g) => [`${g}klasist*`, `${g}klasiści`]);
const AGED_THINGS = "kontrakt|okres|staż|program|plan|studia|kurs|whisky|wino|pies|psa|kot|kota|koń|konia|dąb|drzewo|samochód|dom|budynek|związek|małżeństwo|tradycja|firma|projekt|żółw|papuga";

export const LEXICON: Lexicon = fromData(data, {
  graders: GRADERS,
  minors1: `(${UNDER_18}) (letni*|latek|latka|latki|latków|latkiem|latkę)`,
  spelledAges: SPELLED_AGES,
  minors2: `(ma|miał|miała|mając|skończył|skończyła) (${UNDER_18}) (lat|lata|rok)`,
  minors3: `w wieku (${UNDER_18}) (lat|lata)`,
  minors4: `(dziewczyna|dziewczyny|dziewczynę|chłopak|chłopaka|nastolatka|córka|syn|siostra|brat|wnuczka|wnuk|modelka|tancerka|gimnastyczka|osoba) (${UNDER_18}) (lat|lata)`,
  exceptions1: AGE_STEMS.split("|").map((n) => `${n}letni* (${AGED_THINGS})`),
  exceptions2: `(${UNDER_18}) letni* (${AGED_THINGS})`,
});
