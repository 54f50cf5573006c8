/**
 * What the simplified and traditional Chinese lexicons share. Stopwords, written once in
 * simplified characters and converted for the traditional list. Ages: under 18 in digits and Han
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

/** The most frequent function words, in simplified characters. */
export const STOPWORDS: readonly string[] = [
  "的", "了", "在", "是", "我", "有", "和", "就", "不", "人", "都", "一个", "上", "也", "很", "到", "说", "要", "去", "你", "会", "着",
  "没有", "看", "好", "自己", "这", "那", "他", "她", "们", "这个", "那个", "里", "中", "把", "被", "让", "给", "从", "对", "为", "与",
  "或", "但是", "而且", "吗", "呢", "吧", "啊", "个", "过", "地", "得", "之", "于", "以", "等", "这些", "那些", "一些", "正在", "一只",
  "一位", "一名", "一条", "非常", "然后", "因为", "所以", "还", "又", "向", "跟", "里面", "旁边", "下面", "风格", "镜头",
];

// The simplified characters of STOPWORDS that traditional script writes otherwise.
const TRADITIONAL = new Map([..."个個说說会會着著没沒这這们們里裡让讓给給从從对對为為与與吗嗎过過于於只隻条條后後还還边邊风風镜鏡头頭"].flatMap((c, i, all) => (i % 2 === 0 ? [[c, all[i + 1] as string] as const] : [])));

/** A word of STOPWORDS in traditional characters. */
export const traditional = (word: string): string => [...word].map((c) => TRADITIONAL.get(c) ?? c).join("");
