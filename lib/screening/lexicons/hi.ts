import { type Lexicon, UNDER_18_NUMBERS, fromData } from "./types";
import data from "./data/hi.json";

/**
 * Hindi in Devanagari, plus the common Latin spellings of Hinglish (the same words typed on a
 * Latin keyboard: "bachcha", "nangi", "12 saal ki"). लड़का and लड़की alone pass, as "girl" does in
 * English, because they are said of young adults too; छोटी लड़की, बच्ची, बालिका are refused.
 * बच्चा said of an animal (बिल्ली का बच्चा, kitten) passes. लिंग (also "gender") and स्तन alone (breast
 * cancer) are left out.
 */

const AGE_WORDS = data.words.ageWords;
// Digits of other scripts (٠-٩, ۰-۹, ०-९, ๐-๙) are read as ASCII digits before matching.
const AGE_NUMBERS = [...UNDER_18_NUMBERS, ...AGE_WORDS];
const LATIN_AGE_NUMBERS = UNDER_18_NUMBERS;

const PEOPLE = "(लड़का|लड़की|लड़के|लड़कियां|लड़कियाँ|बच्चा|बच्ची|बच्चे|बेटा|बेटी|बेटे|छात्र|छात्रा|किशोर|किशोरी|बालक|बालिका|भाई|बहन|पोता|पोती|भतीजा|भतीजी|मॉडल)";
const LATIN_PEOPLE = "(ladki|ladka|ladke|ladkiyan|bachcha|baccha|bachchi|bacchi|bachche|beti|beta|bhai|behen|model)";

// An age is a minor's when it goes with a person: "10 साल के लिए" (for ten years) passes.
const AGES = [
  `(${AGE_NUMBERS.join("|")}) (साल|वर्ष) (का|की|के) ${PEOPLE}`, `${PEOPLE} (${LATIN_AGE_NUMBERS.join("|")}) (साल|वर्ष) (का|की|के)`,
  `(${AGE_NUMBERS.join("|")}) (वर्षीय|वर्षीया)`, `(${AGE_NUMBERS.join("|")})वर्षीय`, `(उम्र|आयु|उमर) (${AGE_NUMBERS.join("|")}) (साल|वर्ष|बरस)`,
  `(${AGE_NUMBERS.join("|")}) (साल|वर्ष|बरस) (का|की|के) (उम्र|आयु|उमर)`, "(18|१८|अठारह) (साल|वर्ष) से (कम|नीचे)", "नाबालिग उम्र",
  `(${LATIN_AGE_NUMBERS.join("|")}) (saal|sal|varsh|baras) (ki|ka|ke) ${LATIN_PEOPLE}`, `${LATIN_PEOPLE} (${LATIN_AGE_NUMBERS.join("|")}) (saal|sal) (ki|ka|ke)`,
  `(${LATIN_AGE_NUMBERS.join("|")}) (varshiya|varshiy)`,
];

const ANIMALS = data.words.animals;

export const LEXICON: Lexicon = fromData(data, {
  ages: AGES,
  exceptions1: `(${ANIMALS.join("|")}) (का|के|की) (बच्चा|बच्चे|बच्ची|बच्चों|शिशु)`,
  exceptions2: `(${ANIMALS.join("|")}) (के|की) (नन्हे|नन्ही|छोटे|छोटी) (बच्चे|बच्ची|बच्चों)`,
  exceptions3: `(${AGE_NUMBERS.join("|")}) (वर्षीय|वर्षीया) (योजना|कार्यक्रम|अनुबंध|गारंटी|वारंटी|पेड़|शराब|व्हिस्की|इमारत|कार)`,
});
