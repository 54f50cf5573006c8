import { wordSet } from "./word-set";
/**
 * Slang, euphemism and coded words for the three red lines that evaders use instead of the
 * plain words of terms.ts; same notation (phrase-index.ts) and same decisions. A slang verb
 * that is also an ordinary verb ("smash", "bang", "rail") counts only with a person as its
 * object or a couple as its subject: "smash burger", "bang bang sauce", "banging on the door"
 * and "a band banging their heads" pass.
 */

const PEOPLE_OBJECTS =
  "her|him|me|them|us|each other|one another|his wife|her husband|his girlfriend|her boyfriend|his gf|her bf|a girl|a woman|a guy|a man|that girl|the girl|the woman|some girl|his neighbor|his neighbour|her neighbor|her neighbour|the babysitter|his secretary|his boss|her boss";
const SLANG_VERBS =
  "bang|banging|banged|bangs|rail|railing|railed|rails|plow|plowing|plowed|plough|ploughing|ploughed|bone|boning|boned|shag|shagging|shagged|hump|humping|humped|fuck|fucking|fucked|fucks";
// "Hulk smash him" is a fight: "smash" counts with a woman or a couple only.
const SMASH = "smash|smashing|smashed|smashes";
const SMASH_OBJECTS =
  "her|me|each other|one another|his wife|his girlfriend|his gf|a girl|a woman|that girl|the girl|the woman|some girl|his neighbor|his neighbour|the babysitter|his secretary";
const COUPLES =
  "couple|couples|lovers|pair|two guys|two girls|two men|two women|two people|boyfriend and girlfriend|husband and wife|man and woman";
const INTRANSITIVE = "smashing|banging|boning|shagging|humping|railing|fucking|bonking";
const AFTER_INTRANSITIVE =
  "in|at|under|behind|against|hard|all night|outside|inside|while|everywhere|on camera|on a bed|on the bed|on the couch|on the sofa|on the beach|on the floor|on the table|on the kitchen|in bed|loudly|passionately|again";

/**
 * Everyday words inside the slang phrases: they never make a disguised word worth decoding
 * (screen.ts), only the slang words themselves do ("n5fw", "unal1ve").
 */
export const SLANG_EVERYDAY: ReadonlySet<string> = wordSet(
  "a an the in on at of to with and or n her him his me my them us each other one another their your like into out up off it is he she they two that some this man woman women men girl girls guy guys boy boys wife husband lady person people body bodies do does did doing get gets getting got give gives giving gave head face faces skin from hung hanged hanging tree trees rope beam bridge ceiling lamppost make makes made making turn turns turned turning send sending sent leak leaked show shows showing flash flashes flashed big huge hard all night outside inside while everywhere camera bed couch sofa beach floor table kitchen loudly again pair couple couples lovers position pose style film films video videos movie movies tape tapes horror flick blood brain brains skull wall full fish pig deer suspect victim prisoner boyfriend girlfriend neighbor neighbour boss secretary babysitter gf bf chill only fans trap traps nothing but wearing clothes naked nude out close up",
);

export const EVASION_SEXUAL_TERMS: readonly string[] = [
  `(${SLANG_VERBS}) (${PEOPLE_OBJECTS})`,
  `(${SMASH}) (${SMASH_OBJECTS})`,
  `(${COUPLES}) (${INTRANSITIVE}) (${AFTER_INTRANSITIVE})`,
  "getting (railed|smashed|banged|boned|plowed|pounded|nailed|fucked|dicked down)",
  "(gets|got|get|getting) (it on|laid|busy in bed)",
  "nsfw",
  "lewd",
  "lewds",
  "thirst (trap|traps)",
  "thirsttrap*",
  "(send|sending|sent|leaked|leak|her|his|my) nudes",
  "pegging",
  "(pegs|pegged|peg) (him|her|a man|her boyfriend|her husband)",
  "69ing",
  "(69|sixty nine) (position|pose|style)",
  "doggy (style|position)",
  "doggystyle",
  "(reverse|) cowgirl (position|style|pose)",
  "riding him reverse cowgirl",
  "missionary position",
  "(gives|giving|gave|give) (him|her|) (head|a blowie|a bj|a hand job|a handjob|a rimjob)",
  "blowie",
  "blowies",
  "bj",
  "handjob",
  "rimjob",
  "titjob",
  "footjob",
  "deepthroat*",
  "creampie*",
  "cumshot*",
  "bukkake",
  "gangbang*",
  "ahegao",
  "ecchi",
  "oppai",
  "futanari",
  "yiff",
  "rule (34|thirty four)",
  "r34",
  "porno",
  "pornos",
  "smut",
  "smutty",
  "fap",
  "fapping",
  "(jerk|jerks|jerking|jerked|jack|jacks|jacking|jacked) (off|it|himself|herself|themselves)",
  "wank",
  "wanking",
  "(eating|eats|eat|ate) (her|him) out",
  "(his|her|my|a|big|huge|hard|erect) (dick|dicks|cock|cocks|pussy|cunt|clit) (out|pic|pics|showing)",
  "(her|his|my|wet|shaved|tight|hairy) (pussy|cunt|dick|cock)",
  // "a woman's pussy": the possessive is dropped by the tokenizer.
  "(woman|women|girl|girls|man|guy|guys|wife|husband|lady) (pussy|cunt|dick|cock|clit)",
  "dick (pic|pics|out)",
  "titties",
  "titty",
  "boobies",
  "(flash|flashes|flashing|flashed|showing|shows|bares|baring) (her|) (boobs|tits|titties|breasts|nipples)",
  "booty call",
  "milf",
  "milfs",
  "gilf",
  "camgirl*",
  "sexting",
  "onlyfans",
  "only fans",
  "dtf",
  "in (her|his|their|my|your) birthday (suit|suits)",
  "in the buff",
  "(butt|buck|bare) naked",
  "au naturel",
  "wearing nothing but",
  "(doing|do|does|did) the (nasty|deed|dirty)",
  "horizontal (tango|mambo|refreshment)",
  "beast with two backs",
  "(bump|bumps|bumping|bumped) uglies",
  "(knock|knocks|knocking|knocked) boots",
  "(get|gets|getting|got) laid",
  "hooking up (naked|nude|clothes off)",
  "clothes off (explicit|naked|nude)",
];

export const EVASION_VIOLENCE_TERMS: readonly string[] = [
  "unalive*",
  "(sleep|sleeps|sleeping|slept) with the fishes",
  "(into|like) swiss cheese with (bullets|rounds|lead)",
  "(turn|turns|turned|turning|make|makes|made|making) (him|her|them|the guy|the man|the suspect|a man|a guy|the body) into swiss cheese",
  "(turned|turn|turns) into swiss cheese",
  "(blood|brain|brains|head|gore|guts|skull|body|bodies) (splatter|splatters|splattered|splattering|spatter|spattered)",
  "(splatter|splatters|splattered|splattering|splattering) (his|her|their|the|) (brains|guts|blood|skull|head|entrails|insides)",
  "splatter (film|films|movie|movies|horror|flick|gore)",
  "curb (stomp|stomps|stomped|stomping)",
  "curbstomp*",
  "gore (fest|fests)",
  "gorefest*",
  "blood bath",
  "(blow|blows|blew|blown|blowing) (his|her|their|my|your|the guys|the mans|) (brains|brain) out",
  "brains (blown|splattered|splashed|spattered|sprayed|scattered|everywhere|on the wall|on the floor)",
  "brain matter",
  "pink mist",
  "snuff (film|films|video|videos|movie|movies|tape|tapes)",
  "shanked",
  "shanking",
  "(shank|shanks) (him|her|them|someone|a man|a guy|the guard|the inmate)",
  "(chop|chops|chopped|chopping) (him|her|them|the body|a body|the corpse) (up|into pieces|to pieces)",
  "sewer slide",
  "self (delete|deleting|deleted|deletes)",
  "kys",
  "(off|offs|offed|offing) (himself|herself|themselves|myself|yourself)",
  "(fill|fills|filled|filling|pump|pumps|pumped|pumping) (him|her|them|the guy|the man|the suspect) full of lead",
  "(face|faces|skin) (melted|melting|melts) off",
  "(melt|melts|melted|melting) (his|her|their) (face|faces|skin) off",
  "(gutted|gut|guts|gutting) (him|her|them) like a (fish|pig|deer)",
  "(man|woman|guy|body|bodies|person|boy|girl|he|she|prisoner|victim) (hung|hanged|hanging) from (a|the) (tree|trees|rope|beam|bridge|lamppost|ceiling)",
];

const NL_AGES =
  "1|2|3|4|5|6|7|8|9|10|11|12|13|14|15|16|17|een|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien";
const NL_AGED_THINGS =
  "wijn|wijnen|kaas|kazen|whisky|whiskey|cognac|rum|port|boom|bomen|eik|huis|auto|fles|vat|vaten|molen|boot|schip";
const PL_AGE_PREFIXES =
  "jedno dwu trzy cztero pięcio sześcio siedmio ośmio dziewięcio dziesięcio jedenasto dwunasto trzynasto czternasto piętnasto szesnasto siedemnasto".split(
    " ",
  );
const PL_AGED_THINGS =
  "whisky|whiskey|wino|wina|ser|sery|koniak|rum|brandy|drzewo|dąb|dom|samochód|beczka|butelka";

/** A language's slang additions, plus the ordinary phrases they or its age words would trip (aged drinks and things). */
type EvasionLexicon = {
  minors?: readonly string[];
  sexual?: readonly string[];
  graphicViolence?: readonly string[];
  exceptions?: readonly string[];
};

/** Per language: its core sex and gore slang, added to its lexicon (same lists as lexicon-supplement.ts). */
export const EVASION_SUPPLEMENT: Readonly<Record<string, EvasionLexicon>> = {
  es: {
    minors: [
      "(una|un|la|el) menor (de bikini|en bikini|en lencería|en tanga|desnuda|desnudo|posando|sexy|en ropa interior)",
    ],
    sexual: [
      "(pareja|parejas|chica|chico|hombre|mujer|ellos) (cogiendo|cogiéndose|follando|culeando)",
      "(chupándosela|chupandosela|chupársela|mamándosela)",
      "se la (chupa|chupó|mama|mamó)",
      "culeando",
      "en bolas",
    ],
    graphicViolence: [
      "(sesos|cerebro) (en la pared|por el suelo|esparcidos|desparramados)",
      "(reventaron|reventó|revienta|volaron|voló|vuela) (la cabeza|los sesos)",
      "tripas (por el suelo|por todas partes|esparcidas|fuera)",
    ],
  },
  fr: {
    sexual: [
      "(se fait|se faire|se font|se faisant) (baiser|défoncer|sauter|prendre)",
      "(baise|baisent|baisait|baisaient|baisant|baisé|baisée)",
      "(fait|faire|fais|faisant|taille|tailler|taillant|suce|sucer) (une|des) pipes?",
      "une pipe dans",
      "(suce|sucer|suçant) un (mec|type|gars|homme)",
      "à poil",
    ],
    graphicViolence: [
      "(explosé|exploser|sauter|fait sauter|éclaté) la cervelle",
      "cervelle (sur le mur|partout|éclatée|explosée)",
      "tripes (partout|à l'air|par terre)",
    ],
  },
  de: {
    sexual: [
      "(vögelt|vögeln|vögelte|gevögelt|fickt|ficken|fickte|gefickt|bumsen|bumst|bumste|gebumst)",
      "(bläst|blasen|blies) (ihm|ihnen) einen",
      "beim blasen",
      "nackig",
    ],
    graphicViolence: [
      "(gehirn|hirn) (wegblasen|weggeblasen|spritzt|spritzte|verspritzt|an der wand|an die wand)",
      "das hirn (wegblasen|weggeblasen|rausgeblasen)",
      "gedärme (überall|quellen)",
      "gemetzel",
    ],
  },
  pt: {
    minors: [
      "(uma|um|a|o) menor (de biquíni|de biquini|de bikini|de lingerie|de calcinha|de tanga|nua|nu|pelada|pelado|posando|sexy)",
    ],
    sexual: [
      "(transando|transar|transam|transou|fodendo|foder|fodeu|fodem|trepando|trepar)",
      "uma foda",
      "(boquete|chupeta|mamada)",
      "(peladona|peladão|pelado|pelada) (na|no|em)",
    ],
    graphicViolence: [
      "(miolos|cérebro) (espalhados|espalhado|na parede|pelo chão)",
      "(estourou|estourar|estoura|explodiu) (os miolos|a cabeça|os miolos dele)",
      "tripas (espalhadas|pelo chão|para fora)",
    ],
  },
  it: {
    sexual: [
      "(scopa|scopano|scopare|scopando|scopato|trombano|trombare|trombando|tromba)",
      "(pompino|pompini)",
    ],
    graphicViolence: [
      "(cervello|cervella) (spappolato|spappolate|sul muro|ovunque)",
      "(saltare|fatto saltare|fa saltare) le cervella",
      "budella (ovunque|fuori|sparse)",
    ],
  },
  nl: {
    exceptions: [`(${NL_AGED_THINGS}) van (${NL_AGES}) jaar (oud|oude)`],
    sexual: ["(neukt|neuken|neukte|geneukt|neukend)", "(pijpt|pijpen|pijpte|gepijpt)"],
    graphicViolence: ["(hersens|hersenen) (spatten|gespat|tegen de muur|overal)"],
  },
  pl: {
    exceptions: PL_AGE_PREFIXES.flatMap((n) => [
      `(${PL_AGED_THINGS}) ${n}letni*`,
      `${n}letni* (${PL_AGED_THINGS})`,
    ]),
    sexual: [
      "(rucha|ruchają|ruchać|rucham|pieprzy się|pieprzą się|bzyka|bzykają)",
      "(robi|robią|zrobiła) (laskę|loda)",
    ],
    graphicViolence: ["(mózg|mózgi) (rozbryzgany|rozbryzgane|na ścianie|wszędzie)"],
  },
  ru: {
    sexual: [
      "(трахается|трахаются|трахает|трахал|трахать|ебет|ебёт|ебутся|ебать)",
      "(сосет|сосёт|сосала|отсасывает|отсосала)",
    ],
    graphicViolence: [
      "мозги (разбрызганы|разбрызгались|на стене|по стене|повсюду)",
      "(вышибли|вышиб|вышибить|вынесли) мозги",
      "кровавая (баня|каша)",
    ],
  },
  uk: {
    sexual: ["(трахається|трахаються|трахає|трахав|трахатися)", "(смокче|відсмоктує)"],
    graphicViolence: [
      "мізки (розбризкані|на стіні|по стіні|повсюди)",
      "(вибили|вибив|вибити) мізки",
    ],
  },
  "ru-Latn": {
    sexual: ["(trakhaetsya|trakhayutsya|trakhaet|trakhat|ebutsya)", "(soset|otsasyvaet)"],
    graphicViolence: ["mozgi (razbryzgany|na stene|po stene|povsyudu)", "(vyshibli|vyshib) mozgi"],
  },
  tr: {
    sexual: ["(sikişiyor|sikişen|sikişme|sikiş|sikiyor)", "sakso"],
    graphicViolence: ["beyni (duvara|dağıldı|dağıttı|parçalandı)", "beynini dağıt*"],
  },
  ar: {
    sexual: ["(ينيك|ينيكون|نيك|ينيكها)"],
    graphicViolence: ["(دماغه|مخه) (متناثر|تناثر|على الحائط)"],
  },
  fa: {
    sexual: ["(سکس|گاییدن|می‌گاید)"],
    graphicViolence: ["(مغزش|مغز) (روی دیوار|پاشیده|متلاشی)"],
  },
  hi: {
    sexual: ["(चुदाई|चोदना|चोद)"],
    graphicViolence: ["(दिमाग|भेजा) (दीवार पर|बिखरा|बिखरा हुआ|उड़ा दिया)"],
  },
  id: {
    sexual: ["(ngentot|ngewe|ngeseks|sepong|nyepong|ngocok)"],
    graphicViolence: ["otak (berceceran|berhamburan|di dinding)"],
  },
  vi: {
    sexual: ["(chich nhau|chịch|địt|đụ nhau)"],
    graphicViolence: ["(óc|não) (văng|tung tóe|vỡ nát)"],
  },
  th: {
    sexual: ["เย็ด", "โป๊เปลือย"],
    graphicViolence: ["สมองกระจาย"],
  },
  "zh-Hans": {
    sexual: ["啪啪啪", "打飞机", "福利视频"],
    graphicViolence: ["脑浆", "血肉模糊"],
  },
  "zh-Hant": {
    sexual: ["啪啪啪", "打飛機"],
    graphicViolence: ["腦漿", "血肉模糊"],
  },
  "zh-Latn": {
    sexual: ["papapa", "da feiji", "dapao"],
  },
  ja: {
    sexual: ["エッチし", "エロ動画", "エロい写真", "エロ画像"],
    graphicViolence: ["脳みそが", "脳味噌が"],
  },
  ko: {
    sexual: ["떡치는", "떡쳤", "떡치고", "야동"],
    graphicViolence: ["뇌수가"],
  },
};
