import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/ru.json";

/**
 * Russian. "ё" and "й" are folded to "е" and "и" in prompts and in these lists alike. Stems
 * with "*" only where no innocent word starts the same way: not "дет*" (детектив, детство),
 * not "пыта*" (пытаться, to try), not "казн*" (казна, treasury), not "трах*" (трахея).
 * "сексуальный" is also "sexy", so it is listed before an act or a scene. "девушка",
 * "девчонка" and "парень" are said of young adults and are left out, as "girl" is in English.
 */

const AGE_STEMS = "трех|четырех|пяти|шести|семи|восьми|девяти|десяти|одиннадцати|двенадцати|тринадцати|четырнадцати|пятнадцати|шестнадцати|семнадцати";
const SPELLED_AGES = AGE_STEMS.split("|").map((n) => `${n}летн*`);
const GRADERS = "перво|второ|третье|четверо|пяти|шести|семи|восьми|девяти|десяти|одиннадцати|старше|младше"
  .split("|")
  .flatMap((g) => [`${g}классник*`, `${g}классниц*`]);
const AGED_THINGS = "план|плана|срок|срока|контракт|контракта|период|опыт|стаж|виски|коньяк|коньяка|вино|дуб|дерево|дом|автомобиль|брак|союз|программа|программы|курс|пес|кот|кошка|собака|конь|черепаха|попугай|юбилей|война|войны|выдержки";

export const LEXICON: Lexicon = fromData(data, {
  graders: GRADERS,
  minors1: `(${UNDER_18}) (летн*|летк*|лет от роду)`,
  spelledAges: SPELLED_AGES,
  minors2: `(ему|ей|им|мне) (${UNDER_18}) (лет|года|год)`,
  minors3: `в возрасте (${UNDER_18}) (лет|года)`,
  minors4: `(девушка|девушке|девушку|девушкой|парень|парня|парню|подруга|студентка|модель|сестра|сестре|дочь|дочери|сын|сыну|внучка|внук|танцовщица|гимнастка|особа|человек|школьница) (${UNDER_18}) (лет|года|год)`,
  minors5: `(${UNDER_18}) (лет|года) (девочк*|мальчик*|школьниц*|школьник*|подрост*)`,
  exceptions1: AGE_STEMS.split("|").map((n) => `${n}летн* (${AGED_THINGS})`),
  exceptions2: `(${UNDER_18}) летн* (${AGED_THINGS})`,
});
