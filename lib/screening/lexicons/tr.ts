import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/tr.json";

/**
 * Turkish. Dotted and dotless i, ç, ğ, ö, ş, ü are folded before matching. Suffixes are
 * covered with "*" on stems that start no innocent word, and innocent words that share a
 * stem are exceptions: "çocuk*" also starts "çocukluk" (childhood, a topic that passes),
 * "bebek" is also a doll and an Istanbul neighbourhood, "soyun*" also starts "soyunma odası"
 * (changing room), "çıplak göz" is the naked eye. "seksi" (sexy) passes, so "seks" has no "*".
 * "kız" (girl, daughter) is left out alone, as "girl" is in English; "küçük kız" is in.
 */

const NUMBER_WORDS = "bir|iki|üç|dört|beş|altı|yedi|sekiz|dokuz|on|on bir|on iki|on üç|on dört|on beş|on altı|on yedi";
const THINGS = "köpek*|kedi*|at|atı|ağaç*|viski*|şarap*|ev|evi|bina*|araba*|arabası|kaplumbağa*|papağan*|çınar*|zeytin*|konak|yapı*|marka*|şirket*|firma*";
const ANIMALS = "fil|fok|panda|zürafa|penguen|maymun|kaplumbağa|koala|yunus|balina|aslan|kaplan|ayı|tilki|zebra|deve|lama|keçi|goril|kanguru|su aygırı|gergedan|köpek|kedi";

// Well-known people with a case suffix after the apostrophe ("Erdoğan'ın", "Tarkan'a"), which
// joins the name into one word that the name list, holding the bare names, does not match.
const SUFFIXED_PEOPLE = data.words.suffixedPeople.flatMap((name) =>
  data.words.suffixedPeople2.map(
    (suffix) => `${name}'${suffix}`,
  ),
);

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(${UNDER_18}|${NUMBER_WORDS}) yaşında*`,
  minors2: `(${UNDER_18}|${NUMBER_WORDS}) yaşlarında*`,
  minors3: `(${UNDER_18}|${NUMBER_WORDS}) yaşındaki`,
  minors4: `(${UNDER_18}|${NUMBER_WORDS}) yaş (kız|kızı|oğlan|erkek|çocuk|grubu)`,
  minors5: `(${UNDER_18}) sınıf* (öğrenci*|çocuk*|kız*|erkek*)`,
  suffixedPeople: SUFFIXED_PEOPLE,
  exceptions1: `bebek (${ANIMALS})`,
  exceptions2: `(${ANIMALS}) bebek*`,
  exceptions3: `(${UNDER_18}|${NUMBER_WORDS}) yaşında* (${THINGS})`,
});
