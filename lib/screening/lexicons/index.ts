import { LEXICON as ar } from "./ar";
import { LEXICON as de } from "./de";
import { LEXICON as es } from "./es";
import { LEXICON as fa } from "./fa";
import { LEXICON as fr } from "./fr";
import { LEXICON as hi } from "./hi";
import { LEXICON as id } from "./id";
import { LEXICON as it } from "./it";
import { LEXICON as ja } from "./ja";
import { LEXICON as jaLatn } from "./ja-latn";
import { LEXICON as ko } from "./ko";
import { LEXICON as nl } from "./nl";
import { LEXICON as pl } from "./pl";
import { LEXICON as pt } from "./pt";
import { LEXICON as ru } from "./ru";
import { LEXICON as ruLatn } from "./ru-latn";
import { LEXICON as th } from "./th";
import { LEXICON as tr } from "./tr";
import { LEXICON as uk } from "./uk";
import { LEXICON as vi } from "./vi";
import { LEXICON as zhHans } from "./zh-hans";
import { LEXICON as zhHant } from "./zh-hant";
import { LEXICON as zhLatn } from "./zh-latn";
import type { Lexicon } from "./types";

/**
 * Every language's share of the content policy beyond English (English lives in ../terms.ts).
 * A language is screened once its lexicon is listed here.
 */
export const LEXICONS: readonly Lexicon[] = [ar, de, es, fa, fr, hi, id, it, ja, jaLatn, ko, nl, pl, pt, ru, ruLatn, th, tr, uk, vi, zhHans, zhHant, zhLatn];
