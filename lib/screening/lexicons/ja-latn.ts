import type { Lexicon } from "./types";

/**
 * Japanese in Latin letters (romaji), in the spellings people type: Hepburn with the long vowels
 * written out ("shoujo", "joshikousei") or dropped ("shojo", "joshikosei"), macrons removed by
 * the screen. Manga and anime genre names pass ("shonen anime style", "shoujo manga"): they name
 * a style, not a child. Words that mean something innocent too are left out: "gokan" (rape, but
 * also the five senses), "issai" (entirely), "houou" (phoenix), "shisatsu" (inspection).
 */

const NUMBER_WORDS = ["ichi", "ni", "san", "yon", "go", "roku", "nana", "hachi", "kyuu", "kyu", "juu", "ju", "juuichi", "juichi", "juuni", "juni", "juusan", "jusan", "juuyon", "juyon", "juugo", "jugo", "juuroku", "juroku", "juunana", "junana"];
const DIGITS = Array.from({ length: 18 }, (_, n) => String(n));

export const LEXICON: Lexicon = {
  lang: "ja-Latn",
  stopwords: [
    "no", "wa", "ga", "wo", "ni", "de", "to", "mo", "ka", "ne", "yo", "desu", "masu", "shite", "suru", "iru", "aru", "kara", "made", "ya", "na", "deshita",
    "kore", "sore", "are", "kono", "sono", "ano", "watashi", "boku", "ore", "anata", "kanojo", "kare", "dake", "demo", "soshite", "nado", "yori", "hodo", "toka",
    "tte", "ja", "nai", "mashita", "imasu", "arimasu", "shiteiru", "shiteru", "iru", "naka", "ue", "shita", "mae", "ushiro", "yoni", "youni", "mitai", "kawaii",
  ],
  minors: [
    "kodomo", "kodomotachi", "kodomo tachi", "kodomo-tachi", "kodomora", "gakudou", "nyuuji", "nyuji", "nyuuyouji", "akachan",
    "aka chan", "akachan-tachi", "akanbou", "akanbo", "shinseiji", "youjo", "yojo", "shoujo", "shojo", "shounen", "shonen", "danji", "otokonoko", "otoko no ko",
    "chiisai (onnanoko|onna no ko|otokonoko|otoko no ko|ko)", "chiisana (onnanoko|onna no ko|otokonoko|otoko no ko|ko)", "osanai (onnanoko|onna no ko|otokonoko|otoko no ko|ko|shoujo|shojo|kodomo)",
    "chibikko", "koyaku", "enjitachi", "hoikuen", "youchien", "yochien", "shougakusei", "shogakusei", "chuugakusei", "chugakusei", "koukousei", "kokosei", "joshikousei",
    "joshikosei", "joshi kousei", "joshi kosei", "joshichuugakusei", "joshichugakusei", "joshi chuugakusei", "joshi chugakusei", "joshishougakusei", "joshi shougakusei",
    "danshikousei", "danshi koukousei", "shougakkou", "shogakko", "chuugakkou", "chugakko", "miseinen", "miseinensha", "roricon", "rorikon", "lolicon",
    "loli", "shota", "shotakon", "shotacon", "junior idol", "juniaaidoru", "sukumizu", "randoseru shoujo", "tiin", "juudai no (shoujo|shounen|onnanoko|ko)",
    `(${DIGITS.join("|")}) (sai|-sai|sai no|saiji)`, `(${DIGITS.join("|")})sai`, `(${NUMBER_WORDS.filter((w) => !["ichi", "san", "kyuu", "kyu"].includes(w)).join("|")}) sai`, `(${NUMBER_WORDS.filter((w) => w.startsWith("ju")).join("|")})sai`,
  ],
  sexual: [
    "hadaka", "zenra", "ratai", "hanra", "suppadaka", "suppon pon", "nuudo", "sekkusu", "ecchi", "etchi", "ero douga", "ero doga", "ero manga", "ero anime",
    "eroge", "hentai", "oppai", "chikubi", "chinko", "chinpo", "manko", "omanko", "nakadashi", "ferachio", "tekoki", "paizuri", "onanii", "onani", "shasei",
    "seieki", "inbu", "reipu", "goukan", "rinkan", "densha chikan", "chikan kooi", "tousatsu", "tosatsu", "kinshinsoukan", "juukan", "rankou", "hamedori", "enkou",
    "enjo kousai", "enjokousai", "baishun", "fuuzokujou", "soapland", "inran", "seidorei", "nureba", "beddo shiin", "av joyuu", "av joyu", "adaruto bideo",
    "muishuusei", "mushusei", "18kin", "juuhachikin", "kyonyuu", "kyonyu", "bakunyuu", "bakunyu", "sutorippu", "sutorippaa", "fuku wo nuide", "zenbu nuide",
  ],
  graphicViolence: [
    "guro", "guroi", "guro gazou", "ryuuketsu", "ryuketsu", "chimamire", "chidarake", "chi no umi", "chishibuki", "namakubi", "kubinashi shitai", "barabara shitai",
    "furan shitai", "zansatsu shitai", "shitai sonkai", "zanshu", "uchikubi", "kubikiri", "kubi wo kiri", "kubi wo hane", "zansatsu", "gyakusatsu", "daigyakusatsu",
    "satsuriku", "bokusatsu", "nagurikoroshi", "naguri koroshi", "nagurikorosu", "sashikoroshi", "sashikorosu", "mettazashi", "mettasashi", "shimekorosu", "shimekoroshi",
    "yakikoroshi", "yakikorosu", "ikita mama yaki", "hiaburi", "ikiume", "goumon", "gomon", "shokei", "koukai shokei", "kokai shokei", "juusatsu", "jusatsu", "koushukei",
    "shasatsu", "kubitsuri", "jisatsu", "jigai", "seppuku", "harakiri", "kappuku", "risutokatto", "risuka", "jishou koui", "ishiuchi no kei",
    "takkei", "juuranshai", "ranshajiken", "musabetsu satsujin", "tairyou satsujin", "toorima", "jibaku tero", "tero kougeki", "jenosaido", "minzoku jouka", "sunaffu",
    "jinniku", "shokujin", "kanibarizumu", "doubutsu gyakutai", "ryoukiteki", "naburigoroshi", "naizou ga", "naizou ga tobidashi*",
  ],
  likeness: [
    "deepfake", "diipufeiku", "fake douga", "kao koukan", "kao kokan", "kao wo irekae*", "kao wo sugekae*", "kao gousei", "kao gosei", "sokkuri san", "sokkurisan",
    "gekini", "monomane geinin", "narisumashi", "boisu kuroon", "rooma kyoukou", "roma kyoukou", "rooma houou", "roma hoou", "tennou heika", "tenno heika", "tennou",
    "tenno", "kougou heika", "souri daijin", "sori daijin", "nihon no shushou", "nihon no shusho", "amerika daitouryou", "amerika daitoryo", "beikoku daitouryou",
    "roshia daitouryou", "roshia daitoryo", "furansu daitouryou", "ukuraina daitouryou", "kankoku daitouryou", "chuugoku kokka shuseki", "kokka shuseki",
    "kitachousen no saikou shidousha", "igirisu kokuou", "eikoku joou", "sekai ichi no kanemochi",
  ],
  negators: ["nashi", "nashide", "nai", "nakute", "dame", "kinshi", "muyou", "nuki"],
  exceptions: [
    "sansai", "kyuusai", "(shonen|shounen|shoujo|shojo|seinen|josei) (anime|manga|style|jump|genre|art|magazine|series|hero|protagonist)", "shonen jump", "shounen jump",
    "(neko|inu|panda|kuma|usagi|raion|zou|pengin|kitsune|tori|doubutsu) no akachan", "akachan (neko|inu|panda|kuma|usagi|raion|zou|pengin)",
    "(kodomo no koro|kodomo jidai|shounen jidai|shoujo jidai|kodomo no e)", "hadaka no ousama", "shoujo jidai", "nuudo (karaa|beeju|pinku|meiku)",
  ],
};
