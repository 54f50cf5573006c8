import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/nl.json";

/**
 * Dutch. "kind" and "kinder" are also English words and fire only in Dutch (or German) text.
 * "jongen" is "boy" and also an animal's young ("de kat en haar jongen"); "meisje" alone is
 * left out, as "girl" is in English, while "klein meisje" and "schoolmeisje" are in. "bloot"
 * is also "bare" ("met het blote oog"), so it is listed in phrases.
 */

const NUMBER_WORDS = "drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien";
const SPELLED_AGES = NUMBER_WORDS.split("|").flatMap((n) => [`${n}jarig`, `${n}jarige`, `${n}jarigen`]);
const AGED_THINGS = "opleiding|studie|contract|whisky|wijn|rum|kaas|hond|kat|poes|paard|pony|boom|eik|auto|huis|gebouw|traditie|relatie|huwelijk|bedrijf|geschiedenis|oorlog|project|periode|schildpad|papegaai|kater";

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(${UNDER_18}|${NUMBER_WORDS}) jaar (oud|oude)`,
  minors2: `(${UNDER_18}) (jarig|jarige|jarigen)`,
  spelledAges: SPELLED_AGES,
  minors3: `(meisje|meisjes|jongen|jongens|kind|kinderen|dochter|zoon|zus|zusje|broer|broertje|nichtje|neefje|leerling|leerlingen|tweeling|danseres|turnster|model|persoon|tiener) van (${UNDER_18}|${NUMBER_WORDS}) (jaar|maanden)`,
  minors4: `(hij|zij|ze) is (${UNDER_18}|${NUMBER_WORDS}) jaar`,
  minors5: `op (${UNDER_18}|${NUMBER_WORDS}) jarige leeftijd`,
  minors6: `(${UNDER_18}|${NUMBER_WORDS}) maanden oud`,
  exceptions1: `(${UNDER_18}) (jarig|jarige) (${AGED_THINGS})`,
  exceptions2: NUMBER_WORDS.split("|").map((n) => `${n}jarig* (${AGED_THINGS})`),
  exceptions3: `jaar oude (${AGED_THINGS})`,
});
