import { hanAges, STOPWORDS } from "./chinese";
import { type Lexicon, fromData } from "./types";
import data from "./data/zh-hans.json";

/**
 * Chinese, simplified script. Entries match as substrings, so none is a single character that
 * sits inside ordinary words (儿, 童, 血, 裸 alone never appear): 童年 (childhood), 童话, 裸色
 * (nude colour) and 血腥玛丽 pass. "女孩" alone is left out for the same reason "girl" is in
 * English (said of grown women); 小女孩, 女童 and 少女 are refused.
 */

// Ages under 18; adult ages that contain one of them as a substring are exceptions.
const AGES = hanAges("两", ["岁", "周岁"], ["岁", "周岁"], ["岁"]);

export const LEXICON: Lexicon = fromData(data, {
  stopwords: STOPWORDS,
  minors1: AGES.minor,
  exceptions1: AGES.adult,
});
