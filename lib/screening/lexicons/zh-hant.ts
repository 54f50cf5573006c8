import { hanAges, STOPWORDS, traditional } from "./chinese";
import { type Lexicon, fromData } from "./types";
import data from "./data/zh-hant.json";

/**
 * Chinese, traditional script (Taiwan, Hong Kong, Macau usage included: 幼稚園, 國小, 細路).
 * Entries match as substrings, so none is a single character that sits inside ordinary words:
 * 童年 (childhood), 童話, 裸色 (nude colour) and 血腥瑪麗 pass. "女孩" alone is left out as
 * "girl" is in English; 小女孩, 女童 and 少女 are refused.
 */

// Ages under 18; adult ages that contain one of them as a substring are exceptions.
const AGES = hanAges("兩", data.words.ages, data.words.ages2, data.words.ages3);

export const LEXICON: Lexicon = fromData(data, {
  stopwords1: STOPWORDS.map(traditional),
  minors: [
    // Words for children
    "兒童", "孩子", "小孩", "孩童", "小朋友", "細路", "細路仔", "細路女", "小屁孩", "熊孩子", "小娃", "女娃", "男娃", "萌娃", "童星", "童工",
    "童模", "男孩", "小男孩", "小女孩", "小姑娘", "女童", "男童", "幼童", "幼女", "幼男", "少女", "美少女", "少年", "青少年", "未成年",
    "未成年人", "嬰兒", "嬰幼兒", "寶寶", "小寶寶", "BB仔", "新生兒", "初生嬰兒", "幼兒", "學齡前", "學齡兒童", "蘿莉", "正太", "童男",
    "童女", "孩兒", "嬰孩", "小丫頭", "小閨女", "小女兒", "小兒子", "小學生", "國小", "國小生", "國中", "國中生", "初中生", "中學生",
    "高中生", "小學", "初中", "高中女生", "高中男生", "女中學生", "學童", "幼稚園", "幼兒園", "托兒所", "安親班", "十幾歲的", "花季少女",
    "校服少女", "未發育", "初潮", "戀童", "戀童癖", "兒童色情", "兒童情色", "孌童", "童顏巨乳",
    ...AGES.minor, "十幾歲", "幾歲的孩子", "未滿十八歲", "未滿18歲", "不滿十八歲", "十八歲以下", "18歲以下",
    // More wording
    "高一學生", "高二學生", "高三學生", "國一學生", "國二學生", "國三學生", "小學一年級", "小學二年級", "小學三年級", "學前班", "少男少女", "中學女生", "中學男生", "小學女生", "女小學生", "男小學生", "小孩兒",
  ].map((e) => e.toLowerCase()),
  exceptions1: AGES.adult,
});
