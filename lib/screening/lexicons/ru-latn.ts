import { type Lexicon, UNDER_18 } from "./types";

/**
 * Russian written in Latin letters, as people type it without a Cyrillic keyboard ("golaya
 * devochka", "rebenok"). Transliteration varies (ya/ia/ja, y/i/j, kh/h, zh, shch/sch), so the
 * common spellings are listed side by side. The red lines come first; the other categories
 * carry the words people most often transliterate. Stems only where no English word starts
 * the same way ("deti" is listed whole, never "det*": detail, detective).
 */


export const LEXICON: Lexicon = {
  lang: "ru-Latn",
  stopwords: [
    "v", "ne", "na", "ya", "chto", "kak", "vse", "ona", "tak", "ego", "da", "ty", "zhe", "vy", "za", "po", "tolko", "ee", "mne", "bylo", "vot", "ot", "menya",
    "eshche", "esche", "iz", "emu", "kogda", "dazhe", "uzhe", "ili", "ni", "byt", "byl", "tam", "potom", "sebya", "nichego", "ei", "mozhet", "oni", "tut", "gde",
    "est", "dlya", "tebya", "ikh", "ih", "chem", "bez", "kto", "etot", "etogo", "posle", "nad", "cherez", "eti", "nas", "ochen", "kotoryi", "kotoraya", "sovsem",
    "seichas", "sejchas", "zdes", "zdes'", "vmeste", "pered", "mezhdu", "snachala",
  ],
  minors: [
    "rebenok", "rebyonok", "rebionok", "rebenka", "rebyonka", "rebenku", "rebenkom", "rebyonkom", "deti", "detei", "detey", "detej", "detyam", "detmi", "detishki",
    "detishek", "rebyata", "rebyatishki", "malysh", "malysha", "malyshi", "malyshka", "malyshku", "mladenets", "mladenec", "mladentsa", "mladentsy", "novorozhdennyi",
    "novorozhdennyy", "novorozhdennaya", "novorozhdennyj", "grudnichok", "karapuz", "malchik", "mal'chik", "malchika", "malchiki", "malchikov", "malchiku",
    "malchishka", "malchishki", "devochka", "devochki", "devochku", "devochkoi", "devochkoy", "devochkoj", "devochek", "devchushka", "shkolnik", "shkol'nik",
    "shkolniki", "shkolnika", "shkolnitsa", "shkolnica", "shkol'nitsa", "shkolnitsy", "shkolnicy", "shkolnitsu", "uchenitsa", "podrostok", "podrostka",
    "podrostki", "podrostkov", "podrostkovyi", "tineidzher", "tinejdzher", "nesovershennoletn*", "maloletk*", "maloletn*", "pervoklassnik", "pervoklassnitsa",
    "pervoklashka", "starsheklassnitsa", "starsheklassnik", "detskii sad", "detskiy sad", "detsad", "detskom sadu", "nachalnaya shkola", "nachalnoi shkoly",
    "pedofil", "pedofily", "pedofilia", "pedofiliya", "detskoe porno", "detskoye porno",
    `(${UNDER_18}) (letnii|letniy|letnij|letnyaya|letniaia|letnjaja|letnee|letnie|letnego|letnyuyu|letney|letnei|letka)`, `(emu|ei|ej|yei|yey) (${UNDER_18}) (let|goda|god)`,
    `v vozraste (${UNDER_18}) (let|goda)`,
  ],
  sexual: [
    "golaya", "golaja", "golaia", "golyi", "golyy", "golyj", "goly", "golye", "golie", "golyh", "golykh", "goluyu", "goluiu", "golym", "golymi", "golenkaya", "golyshom",
    "nagishom", "obnazhennaya", "obnazhennyi", "obnazhennye", "obnazhenn*", "razdetaya", "razdetyi", "razdetye", "razdevaetsya", "razdevayutsya", "razdelas", "bez odezhdy",
    "bez odezhdi", "bez trusov", "seks", "seksa", "seksom", "zanimayutsya seksom", "zanimaiutsia seksom", "zanimayutsya lyubovyu", "trahayutsya", "trakhayutsya",
    "trahaiutsia", "trahaet", "trakhaet", "trahat", "ebut", "ebat", "eblya", "porno", "pornuha", "pornukha", "pornografiya", "erotika", "eroticheskoe", "eroticheskii",
    "orgazm", "masturbatsiya", "drochit", "minet", "siski", "sis'ki", "penis", "vagina", "polovye organy", "genitalii", "striptiz", "striptizersha", "shlyukha",
    "shluha", "shlyuha", "iznasilovanie", "iznasilovaniye", "iznasilovana", "iznasiloval", "nasiluet", "nudist", "nudisty", "intsest", "incest", "goloi", "goloy", "gologo", "nagaya", "nagaia", "nagie", "razdelsya", "razdeta", "zanimayutsa seksom", "zanimajutsja seksom", "zanimautsya seksom", "trahnul", "trakhnul", "erotichesk*", "pornografi*", "intimnoe video", "pizda", "orgiya", "orgia", "seksualnoe nasilie", "golaya devushka",
    "golaya zhenshchina", "golaya zhenshina",
  ],
  graphicViolence: [
    "obezglavlen*", "obezglavil*", "raschlenen*", "raschlenil*", "raschlenenka", "pytki", "pytka", "pytkami", "pytayut", "pytali", "kazn", "kazn'", "kazni", "kaznili",
    "kaznit", "rasstrel", "rasstrela", "rasstrelyali", "rasstrelyan", "zabil do smerti", "zabili do smerti", "zabili nasmert", "zabil nasmert", "izbili do smerti",
    "izbil do smerti", "izbit do smerti", "izbili nasmert", "sozhgli zazhivo", "szhech zazhivo", "szhigayut zazhivo", "sozhzhen zazhivo", "zazhivo", "zarezal", "zarezali",
    "otrezal golovu", "otrezali golovu", "otrubil golovu", "otrubili golovu", "otrezannaya golova", "pererezal gorlo", "pererezali gorlo", "krov povsyudu", "krov' povsyudu",
    "luzha krovi", "v luzhe krovi", "ves v krovi", "vsya v krovi", "reznya", "boinya", "boynya", "krovavaya banya", "massovoe ubiistvo", "massovoe ubiystvo", "genotsid",
    "terakt", "samoubiistvo", "samoubiystvo", "suitsid", "povesilsya", "povesilas", "kannibal", "vskryl veny", "vystrelil emu v golovu", "vystrelil ei v golovu", "pulya v golovu", "pulyu v golovu", "pulyu v lob", "kishki naruzhu", "zabili kamnyami", "linchevanie",
  ],
  likeness: [
    "dipfeik", "dipfeyk", "dipfejk", "zamena litsa", "zamena lica", "zamenu litsa", "podmena litsa", "dvoinik", "dvoynik", "dvojnik", "papa rimskii", "papa rimskiy",
    "papa rimskij", "putina", "putinu", "putinym", "putinom", "zelenskogo", "zelenskomu", "zelenskim", "navalnogo", "navalnomu", "navalnym", "medvedeva", "medvedevu", "shoigu", "lavrova", "pugachevoi", "pugachevoy", "dipfeyk video", "litso putina", "prezident rossii", "prezident ssha", "prezident ukrainy", "prezident rf", "rossiiskii prezident", "rossiyskiy prezident", "amerikanskii prezident",
  ],
  negators: ["ne", "bez", "net", "nikakih", "nikakikh", "ni", "nikogda"],
  exceptions: ["golymi rukami", "golye steny", "golaya pravda", "s golym torsom", "golyi tors", "golyy tors", "novorozhdennye kotyata", "novorozhdennye shchenki"],
};
