import { type Lexicon, fromData } from "./types";
import data from "./data/ja-latn.json";

/**
 * Japanese in Latin letters (romaji), in the spellings people type: Hepburn with the long vowels
 * written out ("shoujo", "joshikousei") or dropped ("shojo", "joshikosei"), macrons removed by
 * the screen. Manga and anime genre names pass ("shonen anime style", "shoujo manga"): they name
 * a style, not a child. Words that mean something innocent too are left out: "gokan" (rape, but
 * also the five senses), "issai" (entirely), "houou" (phoenix), "shisatsu" (inspection).
 */

const NUMBER_WORDS = data.words.numberWords;
const DIGITS = Array.from({ length: 18 }, (_, n) => String(n));

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(${DIGITS.join("|")}) (sai|-sai|sai no|saiji)`,
  minors2: `(${DIGITS.join("|")})sai`,
  minors3: `(${NUMBER_WORDS.filter((w) => !data.words.minors.includes(w)).join("|")}) sai`,
  minors4: `(${NUMBER_WORDS.filter((w) => w.startsWith("ju")).join("|")})sai`,
});
