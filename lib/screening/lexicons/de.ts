import { type Lexicon, UNDER_18, fromData } from "./types";
import data from "./data/de.json";

/**
 * German. Umlauts and ß are folded before matching ("Mädchen" reads "madchen", "bloß" reads
 * "bloss"). "Kind" and "Kinder" are also English words and fire only in German text. "Junge"
 * is both "boy" and "young": it is listed after an article, and "junge Frau/Leute..." are
 * exceptions. "Mädchen" alone is left out, as "girl" is in English; "kleines Mädchen" is in.
 * Stems with "*" only where no innocent word starts the same way (not "nackt*": Nacktschnecke).
 */

const NUMBER_WORDS = "drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|dreizehn|vierzehn|fünfzehn|sechzehn|siebzehn";
const SPELLED_AGES = NUMBER_WORDS.split("|").flatMap((n) => [`${n}jährig*`, `${n} jährig*`]);
const GLUED_AGES = Array.from({ length: 17 }, (_, i) => `${i + 1}jährig*`);
const GRADES = "erst|zweit|dritt|viert|fünft|sechst|siebt|acht|neunt|zehnt|elft|zwölft";
const GRADERS = GRADES.split("|").flatMap((g) => [`${g}klässler`, `${g}klässlerin`, `${g}klässlerinnen`, `${g}klässlern`]);
const AGED_THINGS = "whisky|whiskey|single malt|wein|rum|cognac|käse|hund|hündin|katze|kater|pferd|stute|hengst|wallach|baum|eiche|auto|oldtimer|schildkröte|papagei|partnerschaft|ehe|ausbildung|tradition|geschichte|firma|haus|studium|pflanze|pflanzen|welpe|welpen|kätzchen|fohlen|kalb|lamm|ferkel|küken|hase|kaninchen|meerschweinchen|gebäude|schloss|burg|gemälde|foto";
const YOUNG_NOUNS = "mann|männer|frau|frauen|leute|menschen|erwachsene|erwachsenen|dame|damen|paar|paare|mutter|mütter|vater|väter|eltern|familie|familien|künstlerin|künstler|soldat|soldaten|ritter|könig|königin|prinzessin|prinz|kellnerin|kellner|krieger|kriegerin|hexe|tänzerin|tänzer|musiker|musikerin|sängerin|sänger|ärztin|arzt|studentin|student|studenten|studentinnen|braut|bräutigam|katze|katzen|kätzchen|hund|hunde|hündin|pferd|pferde|fohlen|bäume|baum|blätter|pflanzen|wein|sonne|mond|morgen|tag|liebe|stadt|mönch|nonne|polizistin|polizist|fotografin|fotograf|designerin|designer|unternehmerin|unternehmer|gäste|kollegen|kollegin|touristen|wanderer|reiter|reiterin|bauern|bäuerin|bauer|fischer|gott|göttin|schwan|schwäne|bär|bären|löwe|löwen|adler|wölfe|wolf|koch|köchin|fahrer|fahrerin|mechaniker|lehrer|lehrerin|anwalt|anwältin|pilot|pilotin|schauspielerin|schauspieler|model|athlet|athletin|sportler|sportlerin|boxer|boxerin|wissenschaftler|wissenschaftlerin|forscherin|forscher|programmierer|gärtner|maler|malerin|architekt|architektin|held|heldin|magier|magierin|zauberer|hirte|samurai|ninja|pirat|piraten|cowboy|reisende|bäcker|bäckerin|witwe|witwer|freunde|freundinnen|liebende|liebespaar|ehepaar|ehefrau|ehemann";
const ANIMALS = "elefant|elefanten|robbe|robben|giraffe|panda|pandas|tiger|löwe|bär|bären|delfin|wal|koala|affe|affen|pinguin|pinguine|schildkröte|otter|känguru|nilpferd|nashorn|fuchs|zebra|kamel|lama|alpaka|ziege|ziegen|gorilla|hund|katze|pferd|drache|dinosaurier";

export const LEXICON: Lexicon = fromData(data, {
  graders: GRADERS,
  minors1: `(${UNDER_18}) jährig*`,
  gluedAges: GLUED_AGES,
  spelledAges: SPELLED_AGES,
  minors2: `(${UNDER_18}|${NUMBER_WORDS}) jahre (alt|alte|alter|altes|alten)`,
  minors3: `im alter von (${UNDER_18}|${NUMBER_WORDS}) jahren`,
  minors4: `(mädchen|junge|jungen|kind|kinder|teenager|schülerin|schüler|tochter|sohn|schwester|bruder|nichte|neffe|enkelin|enkel|tänzerin|turnerin|sängerin|model|person) von (${UNDER_18}|${NUMBER_WORDS}) jahren`,
  minors5: `(${UNDER_18}|${NUMBER_WORDS}) monate (alt|alte|alter|altes|alten)`,
  exceptions1: `(junge|jungen|junger|junges) (${YOUNG_NOUNS})`,
  exceptions2: `(jahre|monate|wochen) (alte|alter|altes|alten) (${AGED_THINGS})`,
  exceptions3: `(baby|babys) (${ANIMALS})`,
  exceptions4: `(${UNDER_18}) jährig* (${AGED_THINGS})`,
  exceptions5: NUMBER_WORDS.split("|").map((n) => `${n}jährig* (${AGED_THINGS})`),
});
