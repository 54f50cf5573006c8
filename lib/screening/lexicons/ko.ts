import { type Lexicon, fromData } from "./types";
import data from "./data/ko.json";

/**
 * Korean. Words are separated by spaces but particles attach to nouns ("아이가", "소녀를"), so
 * each noun is listed with its common particles by j(). 여자 (woman) and 학생 (student, any
 * age) pass; 소녀 (girl), 여고생 and 초등학생 are refused. 아기 고양이 (kitten) and the other young
 * animals pass, as do 소녀시대 (a group of adults) and a child's drawing as an object.
 */

const PARTICLES = data.words.particles;
/** A noun with its particles, as one "(a|b|...)" alternative of the notation. */
const j = (noun: string): string => `(${PARTICLES.map((p) => noun + p).join("|")})`;

const YOUNG_ANIMALS = data.words.youngAnimals;

const NATIVE_AGES = data.words.nativeAges;
const AGE_ENDINGS = data.words.ageEndings;

const AGES = [
  // 12살, 12살짜리, 12세, 열두 살, 열두살
  ...Array.from({ length: 18 }, (_, n) => `(${AGE_ENDINGS.map((e) => `${n}살${e}`).join("|")}|${n}세|${n}세의|${n}세인)`),
  `(${Array.from({ length: 18 }, (_, n) => n).join("|")}) (살|세|살의|살짜리|세의|살인|세인|살배기)`,
  ...NATIVE_AGES.map((n) => `(${n} 살|${n} 살의|${n} 살짜리|${AGE_ENDINGS.map((e) => `${n}살${e}`).join("|")})`),
  ...data.words.ages.map((n) => `${n} 살배기`),
  "(10대|십대) (소녀|소년|아이|여자아이|남자아이|청소년|여학생|남학생|소녀들|소년들)", j("십대"), "미성년자", "만 (12|13|14|15|16|17) 세",
];

const CHILD_NOUNS = data.words.childNouns;

export const LEXICON: Lexicon = fromData(data, {
  minors1: CHILD_NOUNS.map(j),
  ages: AGES,
  likeness1: data.words.likeness.map((e) => { const words = e.split(" "); const last = words.pop() as string; return [...words, j(last)].join(" "); }),
  exceptions1: YOUNG_ANIMALS.flatMap((a) => [`아기 ${j(a)}`, j(`아기${a}`), `${a}의 ${j("아기")}`, `${a}의 ${j("새끼")}`]),
  exceptions2: j("교황청"),
  exceptions3: `(아이가|아이들이|어린이가|아이의) 그린 ${j("그림")}`,
  exceptions4: `(아이가|아이들이|어린이가) 그린 ${j("낙서")}`,
  exceptions5: `(어린이|아이) ${j("그림")}`,
  exceptions6: data.words.exceptions.map((w) => `누드 ${j(w)}`),
  exceptions7: j("누드톤"),
}, j);
