import { type Lexicon, fromData } from "./types";
import data from "./data/zh-latn.json";

/**
 * Chinese in pinyin, without tone marks (the screen removes them; "ü" is typed "u", "v" or "yu").
 * Words are written joined ("xiaonuhai") or syllable by syllable ("xiao nu hai"); both are
 * listed. Many syllable pairs spell more than one word, so pairs with a common innocent reading
 * are left out: "nanhai" (also the South China Sea), "zhijie" (also "directly"), "ziwei" (also
 * "flavour"), "zhengtai" (also "normal distribution"), "baobao" (also said to a lover or a pet).
 */

const NUMBERS = data.words.numbers;
const DIGITS = Array.from({ length: 18 }, (_, n) => String(n));
/** A word of two or three syllables, joined and spaced: "xiao nu hai" and "xiaonuhai". */
const both = (syllables: string): string[] => [syllables, syllables.replace(/ /g, "")];

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(${DIGITS.join("|")}) (sui|zhousui|zhou sui)`,
  minors2: `(${DIGITS.join("|")})sui`,
  minors3: `(${NUMBERS.join("|")}) sui`,
  minors4: `(${NUMBERS.filter((n) => n.startsWith("shi") && !n.includes(" ")).join("|")})sui`,
  exceptions1: ["tong nian", "tong hua", "er tong hua", "hai zi qi", "duo shao nian", "bu shao nian qing", "luo se", "luo zhuang", "luo yan", "xue xing ma li", "pou fu chan",
      "shi ren", "xiao xue xi", "xiao xue jia", "chu zhong ji", "gao zhong di", "duan tou lu", "mao bao bao", "gou bao bao",
      // "baobao" said of a young animal: a panda cub, a puppy, a kitten, a foal, a lamb, a bunny, a chick
      ...data.words.exceptions.flatMap((a) => [`${a} bao bao`, `${a.replace(/ /g, "")} baobao`, `${a} baobao`])].flatMap(both),
}, both);
