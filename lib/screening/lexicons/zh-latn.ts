import type { Lexicon } from "./types";

/**
 * Chinese in pinyin, without tone marks (the screen removes them; "ü" is typed "u", "v" or "yu").
 * Words are written joined ("xiaonuhai") or syllable by syllable ("xiao nu hai"); both are
 * listed. Many syllable pairs spell more than one word, so pairs with a common innocent reading
 * are left out: "nanhai" (also the South China Sea), "zhijie" (also "directly"), "ziwei" (also
 * "flavour"), "zhengtai" (also "normal distribution"), "baobao" (also said to a lover or a pet).
 */

const NUMBERS = ["yi", "liang", "er", "san", "si", "wu", "liu", "qi", "ba", "jiu", "shi", "shiyi", "shi yi", "shier", "shi er", "shisan", "shi san", "shisi", "shi si", "shiwu", "shi wu", "shiliu", "shi liu", "shiqi", "shi qi"];
const DIGITS = Array.from({ length: 18 }, (_, n) => String(n));
/** A word of two or three syllables, joined and spaced: "xiao nu hai" and "xiaonuhai". */
const both = (syllables: string): string[] => [syllables, syllables.replace(/ /g, "")];

export const LEXICON: Lexicon = {
  lang: "zh-Latn",
  stopwords: [
    "de", "le", "shi", "zai", "wo", "ni", "ta", "men", "he", "ye", "hen", "you", "yige", "yi ge", "ge", "zhe", "zhege", "nage", "jiu", "dou", "bu", "mei", "meiyou",
    "yao", "hui", "dao", "shuo", "kan", "qu", "lai", "gei", "ba", "bei", "rang", "cong", "dui", "wei", "ma", "ne", "zhi", "yizhi", "yiwei", "zhengzai", "feichang",
    "fengge", "jingtou", "limian", "pangbian", "shang", "xia",
  ],
  minors: [
    ...["xiao nu hai", "xiao nv hai", "xiao nyu hai", "nu hai zi", "xiao nan hai", "nan hai zi", "xiao hai", "xiao hai zi", "hai zi", "hai zi men", "er tong", "xiao peng you",
      "ying er", "ying you er", "you er yuan", "nu tong", "nv tong", "shao nu", "shao nv", "shao nian", "qing shao nian",
      "wei cheng nian", "wei cheng nian ren", "xiao xue sheng", "chu zhong sheng", "zhong xue sheng", "gao zhong sheng", "xin sheng er",
      "tuo er suo", "xiao gu niang", "xiong hai zi", "xiao pi hai", "luo li", "lian tong pi", "er tong se qing"].flatMap(both),
    "youer", "younu", "younv", "loli", "lolita", "shota",
    `(${DIGITS.join("|")}) (sui|zhousui|zhou sui)`, `(${DIGITS.join("|")})sui`, `(${NUMBERS.join("|")}) sui`, `(${NUMBERS.filter((n) => n.startsWith("shi") && !n.includes(" ")).join("|")})sui`,
  ],
  sexual: [
    ...["luo ti", "quan luo", "ban luo", "chi luo", "luo lu", "luo zhao", "yi si bu gua", "chi shen luo ti", "tuo guang", "tuo guang yi fu", "tuo yi wu", "zuo ai", "xing ai",
      "xing jiao", "xing xing wei", "se qing", "huang pian", "cheng ren shi pin", "cheng ren dian ying", "san ji pian", "yin dang",
      "gang jiao", "she jing", "yin jing", "yin bu", "sheng zhi qi", "ru tou", "nai tou", "qiang jian", "lun jian", "xing qin",
      "luan lun", "qun jiao", "luan jiao", "yue pao", "yi ye qing", "mai yin", "piao chang", "xing nu", "chuang xi", "luo liao"].flatMap(both),
    "a pian", "av nuyou", "av nvyou", "porn", "sex",
  ],
  graphicViolence: [
    ...["xue lin lin", "xue liu cheng he", "xue rou mo hu", "nao jiang", "kai tang po du", "wu ma fen shi",
      "zhan shou", "ge hou", "wa yan jing", "bo pi", "huo bo", "ling chi", "ku xing", "yan xing kao da", "kao da", "nue sha", "nue dai", "huo huo da si", "ou da zhi si", "luan gun da si",
      "huo huo shao si", "huo mai", "qiang jue", "jiao si", "zi sha", "zi can", "ge wan", "tiao lou zi sha",
      "tu sha", "da tu sha", "can sha", "luan dao kan si", "qiang sha",
      "she sha", "qia si", "kong bu xi ji", "xiao yuan qiang ji", "zhong zu mie jue", "chi ren rou"].flatMap(both),
  ],
  likeness: [
    ...["shen du wei zao", "huan lian", "ai huan lian", "ba lian huan cheng", "sheng yin ke long", "jiao zong", "luo ma jiao huang", "mei guo zong tong",
      "e luo si zong tong", "fa guo zong tong", "wu ke lan zong tong", "guo jia zhu xi", "zong shu ji", "zhong guo ling dao ren", "chao xian ling dao ren", "ying guo guo wang",
      "ying guo nu wang", "ying guo shou xiang", "ri ben shou xiang", "ri ben tian huang", "shi jie shou fu"].flatMap(both),
    "deepfake", "deep fake", "face swap",
  ],
  negators: ["bu", "buyao", "meiyou", "bie", "buhan", "jinzhi"],
  exceptions: [
    ...["tong nian", "tong hua", "er tong hua", "hai zi qi", "duo shao nian", "bu shao nian qing", "luo se", "luo zhuang", "luo yan", "xue xing ma li", "pou fu chan",
      "shi ren", "xiao xue xi", "xiao xue jia", "chu zhong ji", "gao zhong di", "duan tou lu", "mao bao bao", "gou bao bao",
      // "baobao" said of a young animal: a panda cub, a puppy, a kitten, a foal, a lamb, a bunny, a chick
      ...["xiong mao", "da xiong mao", "gou", "mao", "xiao gou", "gou gou", "xiao mao", "mao mi", "xiao ma", "xiao yang", "tu zi", "xiao tu", "xiao ji", "xiong", "hou zi", "xiao xiang", "da xiang", "lao hu", "shi zi", "hai bao", "qi e", "xiao lu", "ya zi", "xiao zhu", "ke la"].flatMap((a) => [`${a} bao bao`, `${a.replace(/ /g, "")} baobao`, `${a} baobao`])].flatMap(both),
  ],
};
