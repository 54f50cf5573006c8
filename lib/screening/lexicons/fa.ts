import { type Lexicon, UNDER_18_NUMBERS, fromData } from "./types";
import data from "./data/fa.json";

/**
 * Persian. The zero-width non-joiner is removed before matching, so "بچه‌ها" is read "بچهها";
 * s() lists a noun with its attached endings (plural ها، indefinite ی، possessives). دختر (girl)
 * and پسر (boy, also "young man") alone pass; دختر بچه, پسر بچه, دختر کوچک are refused. بچه said
 * of an animal (بچه گربه, kitten) passes. پاپ alone is "pop music" too and is left out.
 */

const ENDINGS = data.words.endings;
/** A noun with its attached endings, as one "(a|b|...)" alternative. */
const s = (noun: string): string => `(${ENDINGS.map((e) => noun + e).join("|")})`;

const YOUNG_OF = data.words.youngOf;

const AGE_WORDS = data.words.ageWords;
// Digits of other scripts (٠-٩, ۰-۹, ०-९, ๐-๙) are read as ASCII digits before matching.
const AGE_NUMBERS = [...UNDER_18_NUMBERS, ...AGE_WORDS];

const AGES = [
  `(${AGE_NUMBERS.join("|")}) (ساله|سال ونیمه|سالش|سالشه)`,
  ...AGE_WORDS.map((w) => `${w}ساله`),
  `(دختر|پسر|بچه|کودک|دختری|پسری|بچهای|دانشآموز|دختربچه|پسربچه) (${AGE_NUMBERS.join("|")}) (ساله|سال)`,
  "زیر (۱۸|18|هجده|هیجده) سال", "کمتر از (۱۸|18|هجده) سال", "زیر سن قانونی", "به سن قانونی نرسیده",
];

export const LEXICON: Lexicon = fromData(data, {
  ages: AGES,
  exceptions1: YOUNG_OF.map((a) => `(بچه|بچههای|بچهی|بچهها) ${s(a)}`),
  exceptions2: YOUNG_OF.map((a) => s(`بچه${a}`)),
  exceptions3: `(جنگ|دوره|دوران|تجربه|سابقه|تاریخ|برنامه|طرح|نقشه|پروژه|ویسکی|شراب|درخت|گیاه|گیاهان|خانه|ساختمان|ماشین|خودرو) (${AGE_NUMBERS.join("|")}) ساله`,
}, s);
