import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/uk.json";

/**
 * Ukrainian. "ї" and "й" fold to "і" and "и"; the apostrophe inside a word joins it ("п'яти"
 * reads "пяти"). Stems with "*" only where no innocent word starts the same way: not "дитин*"
 * (дитинство, childhood), not "підліт*" (підлітати, to fly up). "дівчина" (girl, young woman)
 * is left out alone, as "girl" is in English; "дівчинка" (little girl) is in.
 */

const AGE_STEMS = "трьох|чотирьох|п'яти|шести|семи|восьми|дев'яти|десяти|одинадцяти|дванадцяти|тринадцяти|чотирнадцяти|п'ятнадцяти|шістнадцяти|сімнадцяти";
const SPELLED_AGES = AGE_STEMS.split("|").map((n) => `${n}річн*`);
const GRADERS = "перво|друго|третьо|четверто|п'яти|шести|семи|восьми|дев'яти|старшо|молодшо".split("|").flatMap((g) => [`${g}класник*`, `${g}класниц*`]);
const AGED_THINGS = "план|строк|контракт|період|досвід|стаж|віскі|коньяк|вино|дуб|дерево|будинок|автомобіль|шлюб|союз|програма|курс|пес|кіт|кішка|собака|кінь|черепаха|папуга|війна|витримки";

export const LEXICON: Lexicon = fromData(data, {
  graders: GRADERS,
  minors1: `(${UNDER_18}) річн*`,
  spelledAges: SPELLED_AGES,
  minors2: `(йому|їй|їм) (${UNDER_18}) (років|роки|рік)`,
  minors3: `у віці (${UNDER_18}) (років|роки|рік)`,
  minors4: `(дівчина|дівчині|дівчину|хлопець|хлопця|подруга|студентка|модель|сестра|дочка|донька|син|онука|онук|танцівниця|гімнастка|особа|людина|школярка) (${UNDER_18}) (років|роки|рік)`,
  exceptions1: AGE_STEMS.split("|").map((n) => `${n}річн* (${AGED_THINGS})`),
  exceptions2: `(${UNDER_18}) річн* (${AGED_THINGS})`,
});
