import { type Lexicon, UNDER_18_NUMBERS, fromData } from "./types";
import data from "./data/vi.json";

/**
 * Vietnamese, with diacritics and, for the entries that stay unambiguous, without them (many
 * users type without tones). Stripped of tones many words collide ("cô bé" little girl and "có
 * bể" has a pool; "tự tử" suicide and "từ từ" slowly; "treo cổ" hanging and "treo cờ" hanging a
 * flag; "cảnh nóng" and "canh nóng" hot soup), so the toneless list is written by hand. "con" and
 * "bé" alone are left out (con mèo, a cat; mèo con, a kitten). "cô gái" (girl, young woman) passes.
 */

const NUMBER_WORDS = data.words.numberWords;
const AGE_DIGITS = UNDER_18_NUMBERS;

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(${AGE_DIGITS.join("|")}) tuổi`,
  minors2: `(${NUMBER_WORDS.join("|")}) tuổi`,
  minors3: `(${AGE_DIGITS.join("|")}) tuoi`,
});
