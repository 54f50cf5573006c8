import { type Lexicon, fromData } from "./types";
import data from "./data/ja.json";

/**
 * Japanese: kanji, hiragana and katakana forms. Entries match as substrings, so none is a lone
 * character that sits inside ordinary words: 子 alone never appears (子犬, 子猫, 様子, 帽子 pass),
 * nor 裸 (裸足 barefoot, 裸眼), 血 or エロ (イエロー) or グロ (グローブ, グロス). 女の子 alone passes as
 * "girl" does in English; 小さな女の子, 幼女 and 少女 are refused. 赤ちゃん said of an animal passes.
 */

const KANJI_NUMBERS = data.words.kanjiNumbers;
const KANJI_UNITS = data.words.kanjiUnits;

// Ages under 18 with 歳, 才 and the simplified 才 used in casual writing.
const AGES = [
  ...Array.from({ length: 18 }, (_, n) => [`${n}歳`, `${n}才`]).flat(),
  ...KANJI_NUMBERS.flatMap((n) => [`${n}歳`, `${n}才`]),
  "10代", "十代", "ローティーン", "ミドルティーン", "ティーンの", "18歳未満", "十八歳未満",
];

// Adult ages that contain an age above as a substring: "18歳" holds "8歳", "二十一歳" holds "十一歳".
const ADULT_AGES = [
  ...Array.from({ length: 103 }, (_, k) => [`${k + 18}歳`, `${k + 18}才`]).flat(),
  "十八歳", "十九歳", "十八才", "十九才", "二十歳", "百歳",
  ...data.words.adultAges.flatMap((t) => ["", ...KANJI_UNITS].flatMap((u) => [`${t}十${u}歳`, `${t}十${u}才`])),
];

const ANIMALS = data.words.animals;

export const LEXICON: Lexicon = fromData(data, {
  ages: AGES,
  exceptions1: ANIMALS.flatMap((a) => [`${a}の赤ちゃん`, `赤ちゃん${a}`]),
  adultAges: ADULT_AGES,
});
