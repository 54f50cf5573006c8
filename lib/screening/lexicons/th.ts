import { type Lexicon, fromData } from "./types";
import data from "./data/th.json";

/**
 * Thai. Entries match as substrings (Thai is written without spaces between words), so each
 * is long enough not to sit inside ordinary words: ลูก alone never appears (ลูกแมว kitten, ลูกบอล
 * ball), nor โป๊ (inside โป๊ป, the Pope), กาม (กามเทพ, Cupid) or หี (หีบ, a chest). เด็ก is listed:
 * the compounds where it names an adult at work (เด็กเสิร์ฟ, เด็กฝึกงาน) and วัยเด็ก (childhood) are
 * exceptions.
 */

// Digits of other scripts (٠-٩, ۰-۹, ०-९, ๐-๙) are read as ASCII digits before matching.
const AGE_NUMBERS = Array.from({ length: 18 }, (_, n) => String(n));
const AGE_WORDS = data.words.ageWords;

// ขวบ is the age of a young child; อายุ N ปี is anchored by อายุ so "อายุ 1 ปี" never fires inside "อายุ 18 ปี".
const AGES = [
  ...AGE_NUMBERS.flatMap((n) => [`${n}ขวบ`, `${n} ขวบ`, `อายุ${n}ปี`, `อายุ ${n} ปี`, `อายุ ${n}ปี`, `อายุ${n} ปี`, `วัย ${n} ขวบ`]),
  ...AGE_WORDS.flatMap((w) => [`${w}ขวบ`, `อายุ${w}ปี`, `อายุ ${w} ปี`]),
  "อายุต่ำกว่า 18", "อายุต่ำกว่า18", "อายุไม่ถึง 18", "อายุไม่ถึง18", "ยังไม่บรรลุนิติภาวะ",
];

export const LEXICON: Lexicon = fromData(data, {
  ages: AGES,
});
