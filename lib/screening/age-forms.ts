import { canonical, type Token, tokenize } from "./normalize";
import { wordSet } from "./word-set";

/**
 * Ages written the way evaders write them, in every screened language with spaces between
 * words: "a girl, 10", "a cheerleader (15)", "ein Mädchen, 12", "a youth of 13", "a lad of
 * eight", "un chico de doce", "she is thirteen and ...", "her thirteenth birthday". ages.ts and
 * the lexicons read "12 years old" and its translations; these forms carry no unit, so they
 * count only right after a word for a young person, and never when the number is followed by
 * a measure or by more digits of a number ("a lad of eight hundred years" is a wizard).
 */

/** The numbers 1 to 17 as words, per language, in order; "a/b" are two words for one number. */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  en: "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen",
  es: "uno/una dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete",
  fr: "un/une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept",
  de: "eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn",
  pt: "um/uma dois/duas três quatro cinco seis sete oito nove dez onze doze treze catorze/quatorze quinze dezesseis/dezasseis dezessete/dezassete",
  it: "uno/una due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici quindici sedici diciassette",
  nl: "een twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien zestien zeventien",
  pl: "jeden/jedna dwa/dwie trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście dwanaście trzynaście czternaście piętnaście szesnaście siedemnaście",
  ru: "один/одна два/две три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать",
  uk: "один/одна два/дві три чотири п'ять шість сім вісім дев'ять десять одинадцять дванадцять тринадцять чотирнадцять п'ятнадцять шістнадцять сімнадцять",
  "ru-Latn":
    "odin/odna dva/dve tri chetyre pyat shest sem vosem devyat desyat odinnadtsat dvenadtsat trinadtsat chetyrnadtsat pyatnadtsat shestnadtsat semnadtsat",
  tr: "bir iki üç dört beş altı yedi sekiz dokuz on onbir oniki onüç ondört onbeş onaltı onyedi",
  id: "satu dua tiga empat lima enam tujuh delapan sembilan sepuluh sebelas",
};

/** Words for a young or gendered person that an age can follow, per language. */
const PERSON_WORDS: Readonly<Record<string, string>> = {
  en: "girl girls boy boys lad lads lass lasses youth youths youngster kid kids child daughter son niece nephew sister brother twins student pupil cheerleader gymnast dancer model schoolgirl teen",
  es: "chica chico niña niño muchacha muchacho hija hijo chaval chavala nena nene alumna alumno estudiante sobrina sobrino modelo bailarina gimnasta animadora jovencita jovencito",
  fr: "fille garçon gamine gamin fillette ado adolescente élève nièce neveu fils danseuse mannequin gymnaste jeune",
  de: "mädchen junge tochter sohn schülerin schüler nichte neffe tänzerin turnerin model teenager",
  pt: "garota garoto menina menino moça rapaz filha filho novinha novinho aluna aluno sobrinha modelo bailarina",
  it: "ragazza ragazzo ragazzina ragazzino bambina bambino figlia figlio nipote alunna alunno studentessa modella ballerina",
  nl: "meisje jongen dochter zoon meid leerling nichtje neefje danseres",
  pl: "dziewczyna dziewczynka chłopak chłopiec córka syn uczennica uczeń",
  ru: "девушка девочка мальчик парень дочь сын школьница школьник ученица ученик",
  uk: "дівчина дівчинка хлопчик хлопець донька дочка син школярка школяр учениця учень",
  "ru-Latn": "devushka devochka malchik paren doch syn shkolnitsa shkolnik",
  tr: "kız kızı oğlan oğlu erkek öğrenci",
  id: "gadis cewek cowok anak putri putra siswi siswa",
  ar: "فتاة بنت ولد صبي ابنة ابن طالبة تلميذة",
  fa: "دختر پسر دانش‌آموز",
  hi: "लड़की लड़का बेटी बेटा छात्रा",
  ko: "소녀 소년 여자아이 남자아이 딸 아들 여학생 남학생",
  vi: "gái trai",
};

/** Han and kana words for a girl or boy, found at the end of a run of characters ("一个女孩"). */
const UNSPACED_PERSONS =
  "女孩 男孩 少女 少年 女生 男生 女儿 女兒 儿子 兒子 女の子 男の子 娘 息子".split(" ");
const HAN_OR_KANA = /[\u3040-\u30ff\u3400-\u9fff]$/;

/** "of" in "a girl of ten", per language that says it with a word. */
const OF_WORDS = "of de di van von";

/**
 * Words that may follow "a lad of eight" when eight is an age: a preposition, a conjunction or
 * a verb of the scene; anything else ("hundred", "worlds", "metres") makes it no age.
 */
const AFTER_AGE = wordSet(
  "in on with wearing posing dressed lying sitting standing who and that in at en con y que sur avec dans et qui mit im in und auf der die met op en die w na z i ktory ktora в на с и в з і na s и di con e che nel sulla com e no na",
);
/** Units of age that may follow the number: "a girl, 12 years, ..." or "una chica, 13 años". */
const AGE_UNITS =
  "y yo yrs yr years year ans an anni anno años ano anos jahre jahr jaar lat lata лет год года років рік років yas yasinda tahun tuoi سال سنة سنوات साल".split(
    " ",
  );

const fold = (words: string): string[] => tokenize(canonical(words).toLowerCase()).map((t) => t.w);
const numberWordValues = new Map<string, number>();
for (const list of Object.values(NUMBER_WORDS))
  for (const [i, alternatives] of list.split(" ").entries())
    for (const word of alternatives.split("/")) {
      const w = fold(word).join("");
      if (!numberWordValues.has(w)) numberWordValues.set(w, i + 1);
    }
const PERSONS = new Set(Object.values(PERSON_WORDS).flatMap(fold));
const OF = new Set(OF_WORDS.split(" "));
const UNITS = new Set(AGE_UNITS.flatMap(fold));

/** The age a word states, 1 to 17, or undefined. */
function ageAt(tokens: readonly Token[], i: number): number | undefined {
  const w = tokens[i]?.w;
  if (w === undefined) return undefined;
  if (/^\d{1,2}$/.test(w)) {
    const n = Number(w);
    return n >= 1 && n < 18 ? n : undefined;
  }
  return numberWordValues.get(w);
}

/** The number at `i` reads as an age: nothing after it, a clause break, a unit of age, or an ordinary word that is no measure. */
function endsLikeAge(tokens: readonly Token[], i: number, strict: boolean): boolean {
  const next = tokens[i + 1];
  if (next === undefined || next.brk || UNITS.has(next.w)) return true;
  return !strict && AFTER_AGE.has(next.w);
}

const SUBJECTS = new Set(["she", "he", "shes", "hes"]);
const BE = new Set(["is", "was", "s", "turned", "turns", "just", "only", "barely"]);
const AFTER_STATED_AGE = new Set(["and", "years", "yrs", "yo", "now", "today", "but", "so"]);
const ORDINALS = wordSet(
  "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth",
);
const POSSESSIVES = new Set(["her", "his", "my", "their", "your"]);

/** "she is thirteen": English words only, since "on" is Turkish ten. */
const englishAge = (tokens: readonly Token[], i: number): number | undefined => {
  const w = tokens[i]?.w ?? "";
  return /^\d/.test(w) || NUMBER_WORDS.en?.split(" ").includes(w) ? ageAt(tokens, i) : undefined;
};

/** Whether the words state an age under 18 in one of the unit-less forms above. */
export function writtenMinorAge(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const w = t.w;
    if (PERSONS.has(w) || (HAN_OR_KANA.test(w) && UNSPACED_PERSONS.some((p) => w.endsWith(p)))) {
      const next = tokens[i + 1];
      if (next === undefined) continue;
      // "a girl, 11, posing": the age set off by a comma or brackets, then a break or a unit.
      // Arabic, Persian and ideographic commas (،、) are no clause break to the tokenizer: a
      // digit after the word there is taken as an age unless another number follows.
      const arabic = w.charCodeAt(0) >= 0x600 && /^\d{1,2}$/.test(next.w);
      if (
        ageAt(tokens, i + 1) !== undefined &&
        ((next.brk && endsLikeAge(tokens, i + 1, true)) ||
          (arabic && !/^\d/.test(tokens[i + 2]?.w ?? "")))
      )
        return true;
      // "a youth of 13", "un chico de doce en ...", but not "a lad of eight hundred years".
      if (OF.has(next.w) && !next.brk) {
        const at = tokens[i + 2]?.w === "about" || tokens[i + 2]?.w === "only" ? i + 3 : i + 2;
        const age = ageAt(tokens, at);
        if (age !== undefined && age > 1 && endsLikeAge(tokens, at, false)) return true;
      }
      continue;
    }
    // "she is thirteen and ...", "he's 14, shirtless"
    if (SUBJECTS.has(w)) {
      let at = i + 1;
      while (at < i + 3 && BE.has(tokens[at]?.w ?? "")) at++;
      if (at === i + 1 && !t.pos) continue;
      const after = tokens[at + 1];
      const age = englishAge(tokens, at);
      // "she is two and a half metres tall" is a height.
      const fraction = after?.w === "and" && tokens[at + 2]?.w === "a";
      if (
        age !== undefined &&
        age > 1 &&
        !fraction &&
        (after === undefined || after.brk || AFTER_STATED_AGE.has(after.w))
      )
        return true;
      continue;
    }
    // "her thirteenth birthday", "his 12th birthday"
    if (POSSESSIVES.has(w)) {
      const o = tokens[i + 1]?.w ?? "";
      const nth = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(o);
      const isMinorOrdinal = ORDINALS.has(o) || (nth !== null && Number(nth[1]) < 18);
      const noun = tokens[i + 2]?.w;
      if (isMinorOrdinal && (noun === "birthday" || noun === "bday" || noun === "year"))
        return true;
    }
  }
  return false;
}
