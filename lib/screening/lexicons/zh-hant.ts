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
const AGES = hanAges("兩", ["歲", "週歲"], ["歲", "週歲", "岁"], ["歲", "岁"]);

export const LEXICON: Lexicon = fromData(data, {
  stopwords1: STOPWORDS.map(traditional),
  minors1: AGES.minor,
  exceptions1: AGES.adult,
});
