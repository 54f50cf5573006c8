import { type Lexicon, UNDER_18 } from "./types";

/**
 * Dutch. "kind" and "kinder" are also English words and fire only in Dutch (or German) text.
 * "jongen" is "boy" and also an animal's young ("de kat en haar jongen"); "meisje" alone is
 * left out, as "girl" is in English, while "klein meisje" and "schoolmeisje" are in. "bloot"
 * is also "bare" ("met het blote oog"), so it is listed in phrases.
 */

const NUMBER_WORDS = "drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien";
const SPELLED_AGES = NUMBER_WORDS.split("|").flatMap((n) => [`${n}jarig`, `${n}jarige`, `${n}jarigen`]);
const AGED_THINGS = "opleiding|studie|contract|whisky|wijn|rum|kaas|hond|kat|poes|paard|pony|boom|eik|auto|huis|gebouw|traditie|relatie|huwelijk|bedrijf|geschiedenis|oorlog|project|periode|schildpad|papegaai|kater";

export const LEXICON: Lexicon = {
  lang: "nl",
  stopwords: [
    "de", "het", "een", "en", "dat", "op", "te", "zijn", "voor", "niet", "aan", "er", "die", "om", "ook", "als", "bij", "uit", "maar", "dan", "naar",
    "nog", "wat", "werd", "wordt", "hij", "zij", "ze", "ik", "je", "hun", "haar", "mijn", "onze", "deze", "dit", "tegen", "zonder", "geen", "veel",
    "meer", "wel", "worden", "heeft", "hebben", "was", "waren", "kan", "moet", "zou", "zich", "hem", "ons", "jullie", "omdat", "waar", "toen",
    "tussen", "onder", "boven", "achter", "naast", "tijdens", "iets", "niets", "alle", "alles", "elke", "welke", "zo", "nu", "hier", "daar",
  ],
  minors: [
    "(kleine|klein|twee|drie|vier|vijf|veel|naakte|naakt|spelende|lachende|huilende|onze|mijn|jouw|hun|blije|vrolijke|lief|lieve) (kind|kinderen|kindje|kindjes)",
    "kind", "kinderen", "kindje", "kindjes", "kinder*", "kleuter", "kleuters", "peuter", "peuters", "dreumes", "dreumesen", "hummel", "hummels", "ukje",
    "ukkie", "ukkies", "baby", "baby's", "babytje", "babytjes", "zuigeling", "zuigelingen", "pasgeborene", "pasgeborenen", "pasgeboren (baby|kind|kindje|meisje|jongen|zoon|dochter|tweeling)",
    "dochtertje", "dochtertjes", "zoontje", "zoontjes", "knaapje", "knaapjes", "snotaap", "snotapen", "koter", "koters", "(leerling|leerlingen) (van|op|uit) (de|een) (basisschool|middelbare school|lagere school|school|kleuterschool)", "(basisschool|schoolgaande|jonge) (leerlingen|kinderen)", "jeugdteam", "jeugdelftal", "jeugdvoetbal", "jeugdspelers", "jongen", "jongens", "jongetje", "jongetjes", "knulletje", "knulletjes", "bengel", "bengels", "schoolkind", "schoolkinderen", "kid", "kids",
    "(klein|kleine|jong|jonge) (meisje|meisjes)", "meisjes van de basisschool", "schoolmeisje", "schoolmeisjes", "schooljongen", "schooljongens",
    "tiener", "tieners", "tienermeisje", "tienermeisjes", "tienerjongen", "tienerjongens", "puber", "pubers", "puberteit", "prepuber", "prepubers",
    "adolescent", "adolescenten", "minderjarig*", "pedofiel", "pedofielen", "pedofilie", "kinderporno", "lolicon", "loli", "shota",
    "basisschool", "basisscholen", "basisschoolleerling", "basisschoolleerlingen", "kleuterschool", "kleuterklas", "middelbare school", "middelbare scholier",
    "middelbare scholieren", "scholier", "scholieren", "brugklasser", "brugklassers", "brugklas", "kinderdagverblijf", "crèche", "kinderopvang", "peuterspeelzaal",
    "(leerling|leerlingen) (van|uit|in) groep", "groep (1|2|3|4|5|6|7|8|een|twee|drie|vier|vijf|zes|zeven|acht) (leerlingen|kinderen|klas)", "eerste communie",
    `(${UNDER_18}|${NUMBER_WORDS}) jaar (oud|oude)`, `(${UNDER_18}) (jarig|jarige|jarigen)`, ...SPELLED_AGES,
    `(meisje|meisjes|jongen|jongens|kind|kinderen|dochter|zoon|zus|zusje|broer|broertje|nichtje|neefje|leerling|leerlingen|tweeling|danseres|turnster|model|persoon|tiener) van (${UNDER_18}|${NUMBER_WORDS}) (jaar|maanden)`,
    `(hij|zij|ze) is (${UNDER_18}|${NUMBER_WORDS}) jaar`, `op (${UNDER_18}|${NUMBER_WORDS}) jarige leeftijd`, `(${UNDER_18}|${NUMBER_WORDS}) maanden oud`,
  ],
  sexual: [
    "naakt", "naakte", "naakten", "naaktheid", "naaktfoto", "naaktfoto's", "naaktfotos", "naaktstrand", "naaktmodel", "naaktmodellen", "naaktscène", "naaktscènes",
    "poedelnaakt", "spiernaakt", "moedernaakt", "(helemaal|compleet|volledig|spier|poedel) bloot", "in het bloot", "bloot (op|in|aan|zonnen|poseren|poseert)",
    "blote (vrouw|vrouwen|man|mannen|borsten|billen|kont|meisjes|dames|modellen|lichamen|lichaam|tieten)", "ontkleed", "ontkleedt", "ontkleden", "ontklede",
    "(kleedt|kleden|kleedde) zich uit", "zonder kleren", "zonder kleding", "zonder ondergoed", "topless", "naturist", "naturisten", "nudist", "nudisten", "naturisme",
    "tieten", "tepels", "tepel", "penis", "penissen", "vagina", "vagina's", "vulva", "clitoris", "teelballen", "geslachtsdelen", "geslachtsdeel", "genitaliën",
    "schaamstreek", "schaamhaar", "schaamlippen", "erectie", "seks", "seksueel", "seksuele", "seksscène", "seksscènes", "seksvideo", "seksvideo's", "sekstape", "seksfilm", "seksfilms", "(ontblote|ontbloot|blote) (borsten|borst|tepels|billen|geslachtsdelen)", "(toont|laat|laten|tonen) (haar|zijn|hun) (borsten|tepels|geslachtsdelen|penis|vagina) (zien|)", "zichzelf bevredigen", "bevredigt zichzelf", "pijpbeurt", "pijpbeurten", "stripteasedanseres", "peepshow", "geslachtsgemeenschap", "neuken", "neukt", "neukend", "neukten",
    "geneukt", "de liefde bedrijven", "bedrijven de liefde", "porno", "pornografie", "pornografisch*", "pornofilm", "pornofilms", "erotisch*", "erotiek",
    "orgasme", "orgasmes", "masturb*", "klaarkomen", "klaarkomt", "ejacul*", "sperma", "beffen", "orale seks", "anale seks", "orgie", "orgieën", "stripper",
    "strippers", "stripster", "striptease", "stripclub", "hoer", "hoeren", "slet", "sletten", "dildo", "dildo's", "vibrator", "vibrators", "seksspeeltje",
    "seksspeeltjes", "seksspeelgoed", "sekspop", "verkracht*", "aanranding", "aangerand", "incest", "bestialiteit", "zoöfilie", "hentai", "nsfw", "xxx",
    "expliciet", "expliciete", "wellustig*", "onlyfans", "bdsm", "bondage", "voyeur", "exhibitionist", "exhibitionisme",
  ],
  graphicViolence: [
    "gore", "bloedbad", "bloedbaden", "plas bloed", "plassen bloed", "overal bloed", "onder het bloed", "badend in het bloed", "bloed (spuit|spat|gutst|stroomt|overal|tegen de muren|op de muren)",
    "(bedekt|besmeurd|doordrenkt|bespat) met bloed", "vol bloed", "onder het bloed zitten", "bebloed*", "schedel (ingeslagen|verbrijzeld|gekraakt|ingedeukt)", "(ingeslagen|verbrijzelde) schedel", "(slaat|sloeg|slaan|sloegen) (zijn|haar|hun|de) schedel in", "(achter|door) (een|de) (auto|paard|vrachtwagen|motor) (meegesleurd|gesleurd|voortgesleept)", "tot (de|zijn|haar) dood (toe|erop volgt)", "tot bloedens toe", "(steekt|stak) (hem|haar) (meerdere keren|keer op keer|herhaaldelijk|tientallen keren)", "(hoofd|hand|handen|vingers|armen|benen|oren) (werd|wordt|is|werden|worden|) afgehakt", "keel doorsnijden", "(hing|hangt|hangen) zichzelf op", "zichzelf ophangen", "massaslachting", "slachting onder (burgers|dorpelingen|gevangenen|de bevolking)", "stapels lijken", "onthoofdingsvideo", "terechtstellingsscène", "levend verscheurd", "(lijk|lichaam|lichamen|lijken) verscheurd", "aan stukken gereten", "(vermoord|afgeslacht|doodgeslagen|gedood|neergeslagen) met een (bijl|hamer|machete|honkbalknuppel|knuppel|ijzeren staaf)", "bloedspatten", "bloederige (lijken|lichamen|lijk|lichaam)", "verminkt*", "verminking", "onthoofd*", "(lichaam|lijk|lichamen|lijken) in stukken (gehakt|gezaagd|gesneden)",
    "uiteengereten", "ingewanden", "darmen (eruit|hangen|overal|liggen)", "marteling", "martelingen", "martelen", "martelt", "martelde", "martelden", "gemarteld", "gemartelde", "martelkamer", "martelpraktijken", "executie", "executies", "geëxecuteerd", "executeren",
    "executeert", "terechtgesteld", "terechtstelling", "terechtstellingen", "gefusilleerd", "fusillade", "vuurpeloton", "elektrische stoel", "gaskamer", "gaskamers",
    "dodelijke injectie", "(man|vrouw|lichaam|lijk|gevangene|gevangenen|mensen) (werd|wordt|is|worden|werden|) opgehangen", "opgehangen aan een boom", "ophanging",
    "ophangingen", "aan de galg", "galg", "gestenigd", "steniging", "stenigingen", "stenigen", "gelyncht", "lynchen", "lynchpartij", "gespietst",
    "doodgeslagen", "doodgeschopt", "doodgestoken", "doodgemarteld", "doodgeknuppeld", "doodgetrapt", "doodgemept", "doodslaan", "doodschoppen", "doodsteken",
    "(slaat|slaan|sloeg|sloegen|trapt|trappen|trapte|schopt|schoppen|schopte|steekt|steken|stak|staken|knuppelt|knuppelen|martelt|martelen) (hem|haar|ze|hen|iemand|een man|een vrouw|de man|de vrouw|het slachtoffer|de gevangene) dood",
    "levend (verbrand|verbranden|verbrandt|begraven|gevild|gekookt|opgegeten)", "(verbrandt|verbranden|verbrandde) (hem|haar|de gevangene|de heks|mensen) levend", "op de brandstapel",
    "gevild", "villen", "(keel|keelgat) (doorgesneden|doorgesneden|opengesneden)", "(snijdt|sneed|snijden) (zijn|haar|de) keel door", "doorgesneden keel",
    "(hakt|hakken|hakte) (zijn|haar|het) hoofd eraf", "hoofd eraf (gehakt|geslagen)", "afgehakte (hoofd|hoofden|hand|handen|ledematen|vingers|armen|benen)",
    "afgesneden (hoofd|hoofden|vingers|oren)", "ogen uitgestoken", "(steekt|stak) (zijn|haar) ogen uit", "nagels uitgetrokken", "(rukt|rukken|rukte) (zijn|haar) hart eruit",
    "(meerdere|tientallen|talloze|twintig) messteken", "(herhaaldelijk|steeds weer|meerdere keren|tientallen keren) (gestoken|neergestoken)",
    "(schiet|schoot|schieten|schoten) (hem|haar|ze|de man|de vrouw|de gijzelaar|de gevangene|het slachtoffer|iemand) (in|door) (het|zijn|haar) hoofd", "in het hoofd geschoten", "door het hoofd geschoten", "schot in het hoofd", "kogel (door|in) (het|zijn|haar) hoofd", "nekschot", "hersenen (overal|verspreid|tegen de muur)", "hersenmassa", "schotwond", "schotwonden",
    "open wond", "open wonden", "gapende wond", "gapende wonden", "open breuk", "uitstekende botten", "mensenvlees", "menselijke resten", "kannibal*",
    "(bebloede|verminkte|verkoolde|rottende|ontbindende|gemangelde|gemutileerde) (lijken|lijk|lichaam|lichamen)", "slachtpartij", "slachtpartijen", "afslachten",
    "afgeslacht", "massamoord", "massamoorden", "massamoordenaar", "massagraf", "massagraven", "genocide", "volkerenmoord", "etnische zuivering",
    "schietpartij op (een|de) school", "schoolschietpartij", "terroristische aanslag", "terroristische aanslagen", "zelfmoordaanslag", "zelfmoordterrorist",
    "zelfmoord", "zelfmoorden", "suïcide", "suïcidaal", "zelfbeschadiging", "zelfverminking", "polsen doorsnijden", "(snijdt|sneed) (zijn|haar) polsen door",
    "verhangt zich", "(heeft|had) zich verhangen", "dierenmishandeling", "dierenbeul", "gruweldaden", "gruweldaad", "gruwelijk", "gruwelijke", "snuff",
    "bruut vermoord", "bruut vermoorde", "op brute wijze (vermoord|gedood)",
  ],
  likeness: [
    "deepfake*", "deep fake", "gezichtswissel", "gezichtsruil", "face swap", "faceswap", "gezicht (verwisselen|vervangen|wisselen|plakken|ruilen)",
    "(verwissel|vervang|wissel|plak|zet|ruil) (mijn|zijn|haar|het|jouw|je) gezicht", "met het gezicht van", "dubbelganger", "dubbelgangers", "dubbelganger van",
    "stemkloon", "gekloonde stem", "(kloon|klonen|kloont) (zijn|haar|de) stem", "zich voordoen als", "doet zich voor als", "zich uitgeven voor", "geeft zich uit voor",
    "identiteitsfraude", "de minister-president", "minister-president (van nederland|schoof|rutte)", "het koningspaar", "koningin máxima", "koning willem-alexander", "prinses amalia", "kroonprinses amalia", "de paus", "paus (franciscus|leo|benedictus|johannes paulus)", "de heilige vader", "zijne heiligheid",
    "de (amerikaanse|russische|franse|chinese|oekraïense|turkse|iraanse) president", "de president van (amerika|de verenigde staten|rusland|frankrijk|china|oekraïne|turkije)",
    "de (nederlandse|belgische|britse|israëlische|indiase) premier", "de premier van (nederland|belgië|het verenigd koninkrijk|israël|india)",
    "de koning (van nederland|van belgië|van engeland|der nederlanden)", "de koningin (van engeland|van nederland)", "de britse koning", "de britse koningin",
    "de (duitse|) bondskanselier", "de rijkste man ter wereld", "(oprichter|eigenaar|ceo|topman|baas) van (tesla|spacex|microsoft|apple|amazon|facebook|meta|openai|google|nvidia|twitter)",
  ],
  negators: ["geen", "zonder", "niet", "nooit", "noch", "vermijd", "vermijden", "behalve", "nul", "niets"],
  exceptions: [
    "kindertekening", "kindertekeningen", "(tekening|tekeningen) van (een|mijn|haar|zijn) kind", "door een kind (getekend|gemaald|geschilderd)",
    "kinderachtig", "kinderachtige", "kinderspel", "kinderboerderij", "het innerlijke kind", "innerlijk kind", "kind of", "what kind", "this kind", "that kind",
    "any kind", "some kind", "one of a kind", "(haar|zijn|hun|de) jongen (zogen|voeden|beschermen|krijgen)", "(kreeg|krijgt|krijgen|kregen|werpt|wierp|werpen) jongen",
    "(kat|poes|hond|teef|zeug|vos|wolvin|leeuwin|beer|berin|merel|vogel|konijn) (en|met) (haar|zijn) jongen", "jongen (van de|van een) (kat|poes|hond|vos|wolf|leeuw|beer|vogel|merel)",
    "(pasgeboren|pasgeborenen) (kalfje|kalfjes|veulen|veulens|lammetje|lammetjes|kitten|kittens|puppy|puppy's|biggetjes|kuikens)",
    `(${UNDER_18}) (jarig|jarige) (${AGED_THINGS})`, ...NUMBER_WORDS.split("|").map((n) => `${n}jarig* (${AGED_THINGS})`), `jaar oude (${AGED_THINGS})`,
    "el niño (fenomeen|effect|jaar)", "(het|weerfenomeen|klimaatfenomeen) (el niño|la niña)", "la niña (fenomeen|effect)",
    "met het blote oog", "blote oog", "blote voeten", "op blote voeten", "blote handen", "met blote handen", "naakte (muren|bomen|takken|waarheid|feiten|rots|cijfers)",
    "naakte waarheid", "naaktslak", "naaktslakken", "(met|) (ontbloot|ontblote|blote|naakt|naakte) (bovenlijf|bovenlichaam|bast)", "(lippenstift|nagellak|kleur|tint|pumps) nude",
    "bloody mary", "(baby|baby's) (olifant|olifantje|zeehond|zeehondje|giraf|panda|tijger|leeuw|beer|dolfijn|walvis|koala|aap|aapje|pinguïn|schildpad|otter|vos|zebra|kameel|lama|alpaca|geit|gorilla|hond|kat|paard|draak|dinosaurus)",
  ],
};
