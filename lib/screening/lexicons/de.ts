import { type Lexicon, UNDER_18 } from "./types";

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

export const LEXICON: Lexicon = {
  lang: "de",
  stopwords: [
    "der", "die", "das", "und", "am", "den", "von", "zu", "mit", "sich", "des", "auf", "für", "ist", "im", "dem", "nicht", "ein", "eine", "als",
    "auch", "es", "er", "aus", "bei", "sie", "nach", "wird", "um", "sind", "noch", "wie", "einem", "über", "einen", "zum",
    "haben", "nur", "oder", "aber", "vor", "zur", "bis", "mehr", "durch", "sein", "wurde", "ihr", "ihre", "ihren", "ich", "du", "wir",
    "kein", "keine", "ohne", "unter", "sehr", "beim", "ins", "vom", "einer", "eines", "seine", "seinen", "dass", "wenn", "dieser", "diese", "dann",
  ],
  minors: [
    // Children, babies
    // "Kind" and "Kinder" alone fire only in German text; after one of these words they fire in any text.
    "(kleine|kleinen|kleines|kleiner|zwei|drei|vier|fünf|viele|nackte|nackten|nacktes|unsere|meine|deine|seine|ihre|süße|süßes|spielende|spielenden|spielendes|lachende|lachendes|weinende|weinendes|glückliche|fröhliche|fröhlichen|deutsche|behinderte) (kind|kinder|kindern)",
    "(kind|kinder) (spielen|spielt|spielend|lachen|lacht|weinen|weint|rennen|rennt|schlafen|schläft|toben|baden|badet|essen|isst|malen|malt)",
    "kind", "kinder", "kindern", "kindes", "kinder*", "kindchen", "kleinkind", "kleinkinder", "kleinkindern", "kleinkindes", "schulkind", "schulkinder",
    "schulkindern", "einzelkind", "pflegekind", "pflegekinder", "kindlein", "baby", "babys", "babies", "babyface", "säugling", "säuglinge", "säuglingen",
    "neugeborene", "neugeborenes", "neugeborener", "neugeborenen", "frühchen", "knirps", "knirpse", "steppke", "lausbub", "lausbuben",
    "lausejunge", "bengel", "jungs", "knabe", "knaben", "bub", "buben", "bübchen", "töchterchen", "söhnchen",
    "(ein|der|einen|einem|kleiner|kleinen|nackter|nackten|dieser|diesen|zwei|drei|vier|mehrere|viele|ein paar) (junge|jungen)", "jungen und mädchen", "mädchen und jungen",
    "(kleines|kleine|kleinen|kleiner|junges|jungen|nacktes|nackte|nackten) (mädchen|mädels)", "schulmädchen", "schuljunge", "schuljungen", "schulmädel",
    "mädchen (im|in der|in|von) (grundschulalter|kindergartenalter|schulalter|teenageralter|pubertät)", "(mädchen|junge|jungen|kinder) im (grundschulalter|kindergartenalter|vorschulalter|schulpflichtigen alter)",
    "jugendliche", "jugendlicher", "jugendlichen", "teenager", "teenagerin", "teenagerinnen", "teenie", "teenies", "teeny", "teenagermädchen", "pubertierend*",
    "pubertät", "heranwachsende", "heranwachsender", "heranwachsenden", "minderjährig*", "u18", "lolita", "loli", "lolicon", "shota",
    "pädophil*", "pädo", "kinderschänder",
    // School
    "schüler", "schülerin", "schülerinnen", "schülern", "grundschüler*", "grundschule", "grundschulen", "hauptschüler", "realschüler", "gymnasiast*",
    "kindergarten", "kita", "kitas", "vorschule", "vorschulkind", "vorschulkinder", "einschulung", "erstkommunion", "konfirmand", "konfirmanden",
    "grundschulklasse", "grundschulklassen", "schulklasse", "schulklassen", "abc schütze", "abc schützen", ...GRADERS,
    // Ages under 18
    `(${UNDER_18}) jährig*`, ...GLUED_AGES, ...SPELLED_AGES,
    `(${UNDER_18}|${NUMBER_WORDS}) jahre (alt|alte|alter|altes|alten)`,
    `im alter von (${UNDER_18}|${NUMBER_WORDS}) jahren`, `(mädchen|junge|jungen|kind|kinder|teenager|schülerin|schüler|tochter|sohn|schwester|bruder|nichte|neffe|enkelin|enkel|tänzerin|turnerin|sängerin|model|person) von (${UNDER_18}|${NUMBER_WORDS}) jahren`,
    `(${UNDER_18}|${NUMBER_WORDS}) monate (alt|alte|alter|altes|alten)`,
  ],
  sexual: [
    "nackt", "nackte", "nackten", "nackter", "nacktes", "nacktem", "nackig", "nackedei", "nackedeis", "nacktheit", "nacktbaden", "nacktfoto", "nacktfotos",
    "nacktbilder", "nacktaufnahmen", "nacktszene", "nacktszenen", "splitternackt*", "splitterfasernackt", "pudelnackt", "unbekleidet*", "hüllenlos*", "barbusig*",
    "oben ohne", "(völlig|komplett|ganz) entblößt", "entblößte (brüste|brust|scham)", "entkleid*", "(zieht|ziehen|zog|zogen) sich (aus|nackt aus)", "sich ausziehen",
    "sich auszieht", "(ohne|keine) (kleidung|klamotten|kleider|unterwäsche)", "ohne etwas an", "fkk", "fkk strand", "nudist*", "naturist*",
    "titten", "tittchen", "nippel", "brustwarze", "brustwarzen", "penis", "penisse", "vagina", "vaginas", "vulva", "klitoris", "hoden", "genitalien",
    "geschlechtsteil", "geschlechtsteile", "geschlechtsteilen", "geschlechtsorgane", "intimbereich", "schamhaare", "schamlippen", "erektion", "erigiert*",
    "sex", "sexuell*", "sexualisiert*", "(zeigt|zeigen|entblößt|entblößen|zeigte|entblößte) (ihre|seine|die|ihren|seinen) (brüste|brust|busen|genitalien|scham|nippel|penis|vagina|geschlechtsteile)", "sexszene", "sexszenen", "sexvideo", "sexvideos", "sexfilm", "sexfilme", "sextape", "explizit", "explizite", "expliziten", "expliziter", "explizites", "erotik*", "fetisch", "fetische", "sadomaso", "selbstbefriedigung", "befriedigt sich (selbst|)", "oralverkehr", "analverkehr", "möse", "fotze", "pimmel", "geschlechtsverkehr", "beischlaf", "ficken", "fickt", "fickte", "fickten", "fickend", "gefickt", "bumsen", "bumst", "gebumst",
    "(schlafen|schläft|schlief|schliefen) miteinander", "liebe machen", "liebe machten", "liebe macht mit", "porno*", "erotisch*", "erotik", "orgasmus",
    "orgasmen", "masturb*", "onanie*", "onanier*", "wichsen", "wichst", "ejakul*", "sperma", "samenerguss", "oralsex", "analsex", "blowjob", "blowjobs",
    "orgie", "orgien", "gangbang", "striptease", "stripperin", "stripperinnen", "stripper", "stripclub", "hure", "huren", "nutte", "nutten", "schlampe",
    "schlampen", "vergewaltig*", "sexueller missbrauch", "inzest", "sodomie", "zoophilie", "dildo", "dildos", "vibrator", "vibratoren", "sexspielzeug",
    "sexpuppe", "sexpuppen", "hentai", "ecchi", "nsfw", "xxx", "pornhub", "onlyfans", "unzüchtig*", "obszön*", "exhibitionist*",
    "voyeur", "voyeurismus", "schambereich", "nackter hintern", "nackten hintern", "nackter po", "blanker busen", "blanke brüste",
  ],
  graphicViolence: [
    "gore", "blutüberströmt*", "blutverschmiert*", "blutgetränkt*", "blutbesudelt*", "blutbad", "blutbäder", "blutlache", "blutlachen", "blutspritzer",
    "blutfontäne", "blutfontänen", "überall blut", "blut (spritzt|spritzte|spritzen|sprudelt|sprudelte|überall|an den wänden|an der wand|strömt|quillt)",
    "(mit|von) blut (bedeckt|bedeckte|bedeckten|überströmt|verschmiert|getränkt|bespritzt|besudelt)", "voller blut", "blutbespritzt*", "blutverkrustet*", "spritzendes blut", "in einer blutlache", "in seinem eigenen blut", "in ihrem eigenen blut", "gemetzel", "massaker", "kettensägenmassaker", "schulmassaker",
    "abschlachten", "abgeschlachtet", "schlachtet (menschen|zivilisten|dorfbewohner|gefangene|geiseln) ab", "verstümmel*", "zerstückel*", "enthaupt*",
    "geköpft", "geköpfte", "geköpften", "(schneidet|schneiden|schnitt|hackt|hacken|hackte|schlägt|schlagen|schlug) (ihm|ihr|ihnen|dem mann|der frau|den gefangenen|der geisel|dem gefangenen) den kopf ab",
    "kopf (abgeschlagen|abgetrennt|abgehackt|abgeschnitten)", "abgetrennter kopf", "abgetrennte köpfe", "abgetrennten kopf", "abgetrennten köpfe",
    "abgetrennte (gliedmaßen|arme|beine|hände|finger|hand|glieder)", "abgehackte (hände|finger|hand|gliedmaßen|arme|beine)",
    "(kehle|bauch|hals) (aufgeschlitzt|durchgeschnitten|durchtrennt)", "aufgeschlitzte kehle", "durchgeschnittene kehle", "(schlitzt|schlitzte) (ihm|ihr) (die kehle|den bauch) auf",
    "(schneidet|schnitt|schneiden) (ihm|ihr|sich|ihnen) die kehle durch", "die kehle durchschneiden", "(mensch|mann|frau|leiche|opfer|körper) ausgeweidet", "ausweiden (eines|einer) (menschen|mannes|frau)",
    "(schädel|schädeldecke) (eingeschlagen|zertrümmert|zerschmettert|gespalten|zerquetscht)", "(schlägt|schlug|schlagen|schlugen|zertrümmert|zertrümmerte) (ihm|ihr|ihnen|dem mann|der frau) den schädel (ein|)", "eingeschlagener schädel", "zertrümmerter schädel", "(hinter|von) (einem|dem) (auto|pferd|lastwagen|pickup|motorrad) (hergeschleift|geschleift|hinterhergeschleift)", "hinrichtungsszene", "in stücke (gerissen|gehackt|zerfetzt)", "zerfetzte (leiche|leichen|körper|menschen)", "(zerfetzt|zerrissen) von (einer|der) (granate|bombe|explosion)", "gedärme", "eingeweide (quellen|hängen|liegen|heraus|überall|verteilt)", "heraushängende (gedärme|eingeweide)", "hirn (spritzt|verteilt|überall)", "gehirnmasse",
    "folter*", "gefoltert", "gefolterte", "gefolterten", "hinricht*", "hingerichtet", "hingerichtete", "hingerichteten", "exekution", "exekutionen",
    "exekutiert*", "erschießungskommando", "standrechtlich erschossen", "(gefangene|gefangenen|geiseln|zivilisten|häftlinge|häftling|gefangener) (werden|wurden|wird|) erschossen",
    "(richtet|richten|richtete) (ihn|sie|den gefangenen|die gefangenen|die geisel|die geiseln) hin", "kopfschuss", "kopfschüsse", "genickschuss",
    "(schießt|schoss|schießen|schossen|erschießt) (ihm|ihr|ihnen|dem mann|der frau|der geisel|dem gefangenen|dem opfer|jemandem) in den (kopf|hinterkopf|nacken)", "in den (kopf|hinterkopf) geschossen", "(zieht|ziehen|zog|zogen) sich (langsam|komplett|ganz|vollständig|völlig|schnell|vor der kamera|vor ihm|vor ihr) (aus|nackt aus)", "schuss in den kopf", "(kugel|kugeln) in den kopf", "elektrischer stuhl", "gaskammer", "gaskammern", "giftspritze", "guillotiniert*",
    "(zu tode|tot) (geprügelt|getreten|gequält|gefoltert|gesteinigt|geschlagen|gepeitscht|getrampelt|gestochen|geknüppelt|gehackt)",
    "(prügelt|prügeln|prügelte|prügelten|schlägt|schlagen|schlug|schlugen|tritt|treten|trat|traten|quält|quälen|quälte|foltert|foltern|folterte|peitscht|peitschen|sticht|stechen|stach|trampelt|trampeln|knüppelt|knüppeln|knüppelte|steinigt|hackt) (ihn|sie|ihm|den mann|die frau|jemanden|einen mann|eine frau|einen menschen|das opfer|den gefangenen|einen gefangenen|einen obdachlosen|den obdachlosen) zu tode",
    "zu tode (prügeln|treten|quälen|foltern|peitschen|trampeln|knüppeln)", "totgeschlagen", "totgeprügelt", "totgetreten", "totgestochen",
    "(mit|von) (einem|einer|dem|der) (baseballschläger|hammer|knüppel|stein|axt|beil|eisenstange|schaufel|machete) erschlagen", "erstochen", "erwürgt", "erdrosselt",
    "(sticht|stach|stechen|stachen) (immer wieder|mehrmals|mehrfach|wiederholt) (auf|zu)", "(mehrere|zahlreiche|dutzende|zwanzig|unzählige) messerstiche",
    "lebendig (verbrannt|verbrennen|verbrennt|begraben|begräbt|gehäutet|gekocht|verbrannte|gefressen)", "bei lebendigem leib (verbrannt|verbrennen|verbrennt|gehäutet|gekocht|gefressen)",
    "(verbrennt|verbrennen|verbrannte|verbrannten) (ihn|sie|den gefangenen|die hexe|die gefangenen|menschen) (lebendig|bei lebendigem leib)", "auf dem scheiterhaufen verbrannt",
    "gehäutet", "häutet (ihn|sie|den gefangenen)", "steinigung", "steinigungen", "gesteinigt", "steinigt", "gepfählt", "pfählung", "lynchmord", "gelyncht", "lynchen",
    "lynchjustiz", "erhängt", "erhängen", "erhängte", "erhängten", "am galgen", "galgen", "gehenkt", "öffentliche (hinrichtung|hinrichtungen|erhängung|auspeitschung)",
    "selbstmord", "selbstmorde", "suizid*", "selbstverletzung", "selbstverletzungen", "sich ritzen", "ritzt sich", "(schneidet|schnitt) sich die pulsadern auf",
    "pulsadern aufschneiden", "(erhängt|erschießt|erschoss) sich", "hat sich erhängt", "amoklauf", "amokläufe", "amokläufer", "schießerei an einer schule",
    "massenmord", "massenmorde", "massenmörder", "massenerschießung", "massenerschießungen", "massengrab", "massengräber", "völkermord", "genozid",
    "ethnische säuberung", "ethnischen säuberungen", "terroranschlag", "terroranschläge", "selbstmordattentat", "selbstmordattentäter", "sprengstoffgürtel",
    "kannibal*", "menschenfleisch", "leichenteile", "(zerstückelte|zerstückelten|verweste|verwesende|verkohlte|verkohlten|verstümmelte|verstümmelten|blutige|blutigen) (leiche|leichen|körper|körperteile)",
    "(leiche|leichen) (zerstückelt|verstümmelt|verkohlt|verwest|verwesend)", "offene wunde", "offene wunden", "klaffende wunde", "klaffende wunden", "schusswunde", "schusswunden",
    "herausragende knochen", "offener bruch", "knochen ragen heraus",
    "(reißt|riss|reißen|rissen) (ihm|ihr|ihnen) (das herz|die augen|die zunge|die fingernägel|die nägel|die eingeweide) (heraus|aus)", "augen ausgestochen", "(sticht|stach) (ihm|ihr) die augen aus",
    "fingernägel (herausgerissen|ausgerissen|gezogen)", "herausgerissenes herz", "tierquälerei", "gräueltat", "gräueltaten", "snuff", "snuff film",
  ],
  likeness: [
    "deepfake*", "deep fake", "gesichtstausch", "gesichtsaustausch", "face swap", "faceswap", "gesicht (tauschen|austauschen|ersetzen|einfügen|einsetzen)",
    "(tausche|tausch|tauscht|ersetze|ersetz|ersetzt|setze|setz|füge|füg) (mein|sein|ihr|dein|das|sein) gesicht", "mit dem gesicht von",
    "doppelgänger (von|des|der)", "doppelgängerin (von|des|der)", "(ein|einen|einem) doppelgänger von", "double von", "stimme (klonen|geklont|nachahmen)", "geklonte stimme", "(klont|klone) (seine|ihre|die) stimme",
    "sich ausgeben als", "gibt sich aus als", "gibt sich als", "(ausgibt|ausgeben) als", "identitätsdiebstahl", "ebenbild von",
    "der papst", "den papst", "dem papst", "des papstes", "papst (franziskus|leo|benedikt|johannes paul)", "der heilige vater", "seine heiligkeit",
    "(der|den|dem|des) (us präsident|us präsidenten|us-präsident|us-präsidenten|amerikanische präsident|amerikanischen präsidenten|russische präsident|russischen präsidenten|französische präsident|französischen präsidenten|chinesische präsident|chinesischen präsidenten|ukrainische präsident|ukrainischen präsidenten|türkische präsident|türkischen präsidenten)",
    "präsident (der usa|der vereinigten staaten|russlands|frankreichs|chinas|der ukraine|der türkei)", "(der|den|dem|die) (bundeskanzler|bundeskanzlerin|bundespräsident|bundespräsidentin|kanzler|kanzlerin)",
    "(der|den|dem) (britische|britischen) premierminister", "(der|den|dem) könig von (england|großbritannien|spanien|schweden|norwegen|dänemark|den niederlanden|belgien|thailand)",
    "(die|der) (königin|queen) von england", "könig charles", "die queen", "(der|den|dem) (oberste führer|obersten führer) (des iran|irans)",
    "der reichste mann der welt", "(gründer|chef|ceo|firmenchef) von (tesla|spacex|microsoft|apple|amazon|facebook|meta|openai|google|nvidia|twitter|sap)",
  ],
  negators: ["kein", "keine", "keinen", "keinem", "keiner", "keines", "ohne", "nicht", "nie", "niemals", "weder", "vermeide", "vermeiden", "außer", "null"],
  exceptions: [
    // Objects, brands and idioms
    "kinderzeichnung", "kinderzeichnungen", "kindermalerei", "von (einem|meinem|ihrem|seinem|unserem) kind (gemalt|gezeichnet|gemaltes|gezeichnetes|gemalte|gezeichnete)",
    "kinder bueno", "kinder schokolade", "kinderschokolade", "kinderriegel", "kinder überraschung", "kinderüberraschung", "kinder country", "kinder pingui", "kinder maxi",
    "kinderspiel", "ein kinderspiel", "das innere kind", "inneres kind", "kinderkrankheiten", "kind of", "what kind", "this kind", "that kind", "any kind", "some kind", "one of a kind",
    // Weather
    "el niño (phänomen|effekt|ereignis|jahr)", "(wetterphänomen|klimaphänomen|phänomen) (el niño|la niña)", "la niña (phänomen|effekt|ereignis)",
    // Young: of adults, animals and things
    `(junge|jungen|junger|junges) (${YOUNG_NOUNS})`, "(ihre|ihren|seine|seinen) jungen", "(die|der) jungen (der|des) (katze|hündin|bärin|löwin|tiere|wölfin|füchsin)",
    `(jahre|monate|wochen) (alte|alter|altes|alten) (${AGED_THINGS})`,
    `(baby|babys) (${ANIMALS})`, "(neugeborene|neugeborenen|neugeborenes) (kätzchen|welpen|welpe|fohlen|kälbchen|kalb|kälber|lämmer|lamm|küken|ferkel|tiere|katzen|hunde|elefant|giraffe|robbe|zicklein)",
    `(${UNDER_18}) jährig* (${AGED_THINGS})`, ...NUMBER_WORDS.split("|").map((n) => `${n}jährig* (${AGED_THINGS})`),
    // Bare, not naked
    "nackte (wände|wand|bäume|äste|zweige|erde|fels|felsen|wahrheit|zahlen|fakten|füße|arme|schultern|beton|boden|angst|gewalt)",
    "nackten (füßen|füße|wänden|bäumen|zahlen|fakten|tatsachen|armen|schultern|beton|boden|wahrheit|fels|felsen|ästen)", "nackter (beton|fels|boden|wahnsinn|oberkörper)",
    "nacktes (entsetzen|überleben|grauen|mauerwerk)", "mit nacktem auge", "(mit|) (nacktem|nackten|freiem) oberkörper", "nackter oberkörper",
    "(lippenstift|nagellack|farbton|töne|farbe|pumps|make up) nude", "nude (lippenstift|töne|farbton|pumps)",
    // Violence words used of food, sport and plans
    "bloody mary", "den ball köpfen", "kopf ab vom (fisch|huhn)",
  ],
};
