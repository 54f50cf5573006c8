/**
 * Chinese ages, for the simplified and traditional lexicons alike: under 18 in digits and Han
 * numerals with the year word (岁/歲, 周岁/週歲), and the adult ages that contain one of those as
 * a substring ("18岁" holds "8岁", "二十一岁" holds "十一岁"), listed as exceptions.
 */
const UNITS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const TENS = UNITS.slice(1);

/** `two`: 两 or 兩; `years`: the year words after Han numerals; `digitYears` after digits under 18, `adultDigitYears` after 18 to 120. */
export function hanAges(two: string, years: readonly string[], digitYears: readonly string[], adultDigitYears: readonly string[]): { minor: string[]; adult: string[] } {
  const with_ = (numbers: readonly (string | number)[], words: readonly string[]): string[] => numbers.flatMap((n) => words.map((y) => `${n}${y}`));
  const numerals = ["一", two, ...TENS, "十", ...UNITS.slice(0, 7).map((u) => `十${u}`)];
  return {
    minor: [...with_(Array.from({ length: 18 }, (_, n) => n), digitYears), ...with_(numerals, years)],
    adult: [
      ...with_(Array.from({ length: 103 }, (_, k) => k + 18), adultDigitYears), ...with_(["十八", "十九"], years), `一百${years[0]}`,
      ...with_(TENS.flatMap((t) => ["", ...UNITS].map((u) => `${t}十${u}`)), years),
    ],
  };
}
