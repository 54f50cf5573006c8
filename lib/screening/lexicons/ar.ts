import { type Lexicon, UNDER_18_NUMBERS, fromData } from "./types";
import data from "./data/ar.json";

/**
 * Arabic (Modern Standard, with common Gulf, Levantine and Egyptian words). Written without
 * short vowels; the screen unifies ي/ى, ة/ه and the alefs. Nouns take the article and the
 * attached conjunctions and prepositions (و، ف، ب، ل، ك), so c() lists them. فتاة and بنت alone
 * pass as "girl" does in English ("فتاة صغيرة" is refused); صغار alone passes (young animals).
 * Words with an innocent homonym are left out: قصر (palace), مني (from me), قضيب (bar), عار (shame).
 */

const CLITICS = data.words.clitics;
/** A noun with the article and attached particles, as one "(a|b|...)" alternative. */
const c = (noun: string): string => `(${CLITICS.map((p) => p + noun).join("|")})`;

// Digits of other scripts (٠-٩, ۰-۹, ०-९, ๐-๙) are read as ASCII digits before matching.
const AGE_NUMBERS = UNDER_18_NUMBERS;
const ORDINALS_F = data.words.ordinalsF;
const ORDINALS_M = data.words.ordinalsM;

const AGES = [
  `(عمره|عمرها|عمرهم|بعمر|يبلغ|تبلغ|البالغ|البالغة|ذو|ذات|ذات ال|ابن|ابنة|بنت|طفل|طفلة|فتاة|صبي|في سن|بسن|سن) (${AGE_NUMBERS.join("|")}) (سنة|سنوات|سنين|عاما|عام|أعوام|اعوام|شهرا|شهور|أشهر)`,
  `(${AGE_NUMBERS.join("|")}) (عاما|سنة) من العمر`,
  `(في|) (${[...new Set([...ORDINALS_F, ...ORDINALS_M])].join("|")}) من (عمرها|عمره|العمر)`,
  "(عمرها|عمره|عمرهم) (سنتان|سنتين|ثلاث سنوات|أربع سنوات|خمس سنوات|ست سنوات|سبع سنوات|ثماني سنوات|تسع سنوات|عشر سنوات|سنة واحدة)",
  `(يبلغ|تبلغ|البالغ|البالغة|يبلغان|تبلغان) من العمر (${AGE_NUMBERS.join("|")}) (سنة|سنوات|عاما|عام|أعوام|اعوام|شهرا|أشهر)`,
  `(ذات|ذو|البالغة|البالغ|ابنة|ابن|بنت|فتاة|طفلة|طفل|صبي|بعمر|بسن) (${AGE_NUMBERS.map((n) => `ال${n}`).join("|")})`,
  `في (${AGE_NUMBERS.map((n) => `ال${n}`).join("|")}) من (عمرها|عمره|العمر)`,
  "(دون|تحت|أقل من) (سن|) (الثامنة عشرة|18|١٨) (عاما|سنة|)", "دون السن القانونية", "تحت السن القانونية", "لم (تبلغ|يبلغ) سن الرشد",
];

export const LEXICON: Lexicon = fromData(data, {
  ages: AGES,
}, c);
