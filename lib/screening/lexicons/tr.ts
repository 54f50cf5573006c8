import { type Lexicon, UNDER_18 } from "./types";

/**
 * Turkish. Dotted and dotless i, ç, ğ, ö, ş, ü are folded before matching. Suffixes are
 * covered with "*" on stems that start no innocent word, and innocent words that share a
 * stem are exceptions: "çocuk*" also starts "çocukluk" (childhood, a topic that passes),
 * "bebek" is also a doll and an Istanbul neighbourhood, "soyun*" also starts "soyunma odası"
 * (changing room), "çıplak göz" is the naked eye. "seksi" (sexy) passes, so "seks" has no "*".
 * "kız" (girl, daughter) is left out alone, as "girl" is in English; "küçük kız" is in.
 */

const NUMBER_WORDS = "bir|iki|üç|dört|beş|altı|yedi|sekiz|dokuz|on|on bir|on iki|on üç|on dört|on beş|on altı|on yedi";
const THINGS = "köpek*|kedi*|at|atı|ağaç*|viski*|şarap*|ev|evi|bina*|araba*|arabası|kaplumbağa*|papağan*|çınar*|zeytin*|konak|yapı*|marka*|şirket*|firma*";
const ANIMALS = "fil|fok|panda|zürafa|penguen|maymun|kaplumbağa|koala|yunus|balina|aslan|kaplan|ayı|tilki|zebra|deve|lama|keçi|goril|kanguru|su aygırı|gergedan|köpek|kedi";

// Well-known people with a case suffix after the apostrophe ("Erdoğan'ın", "Tarkan'a"), which
// joins the name into one word that the name list, holding the bare names, does not match.
const SUFFIXED_PEOPLE = [
  "erdoğan", "atatürk", "tarkan", "imamoğlu", "kılıçdaroğlu", "arda güler", "acun ılıcalı", "sezen aksu", "barış manço", "kemal sunal", "hande erçel",
  "kenan imirzalıoğlu", "burak özçivit", "fatih terim", "ajda pekkan", "cem yılmaz", "müslüm gürses", "zeki müren", "mansur yavaş", "özgür özel",
].flatMap((name) =>
  ["ın", "in", "un", "ün", "nın", "nin", "nun", "nün", "a", "e", "ya", "ye", "ı", "i", "u", "ü", "yı", "yi", "yu", "yü", "la", "le", "yla", "yle", "dan", "den", "tan", "ten", "da", "de", "ta", "te"].map(
    (suffix) => `${name}'${suffix}`,
  ),
);

export const LEXICON: Lexicon = {
  lang: "tr",
  stopwords: [
    "ve", "bir", "bu", "da", "için", "çok", "ne", "gibi", "daha", "olan", "ama", "kadar", "sonra", "olarak", "ki", "ya", "var", "yok", "mi", "mı",
    "şu", "sen", "biz", "siz", "onlar", "onu", "ona", "bunu", "buna", "şey", "diye", "çünkü", "ise", "veya", "ancak", "göre", "üzerinde", "içinde", "arasında",
    "oldu", "olur", "değil", "tüm", "bütün", "kendi", "nasıl", "neden", "şimdi", "artık", "hep", "hiç", "eden", "ediyor", "yapan", "ile",
    "onun", "bunun", "şöyle", "böyle", "orada", "burada", "önünde", "yanında", "altında", "üstünde", "doğru", "karşı", "beraber", "birlikte",
  ],
  minors: [
    "çocuk*", "(bir|yeni doğmuş|yenidoğan|küçük|minik|sevimli|tatlı|uyuyan|ağlayan|gülen|emekleyen|kucağındaki|kucağında|insan|erkek|kız) bebek", "bebek (uyuyor|ağlıyor|gülüyor|emekliyor|arabası|arabasında|beşikte|beşiğinde|kucakta|bezi|maması|odası)", "bebekler", "bebeği", "bebeğe", "bebekle", "bebeğin", "bebekken", "bebeğim", "bebeklerin", "yenidoğan*", "küçük kız*", "küçük oğlan*",
    "oğlan", "oğlanlar", "oğlanı", "oğlana", "oğlancık", "erkek çocuk*", "kız çocuk*", "ufaklık*", "velet", "veletler", "veledi", "genç kız", "genç kızlar",
    "genç kızı", "ergen", "ergenler", "ergenlik", "ergenliğe", "ergenlikte", "ergenin", "ergeni", "ergenlere", "reşit olmayan", "reşit değil", "yaşı küçük", "küçük yaşta", "minik kız", "minik oğlan",
    "ilkokul*", "ilköğretim*", "ortaokul*", "liseli", "liseliler", "liselı", "lisede", "liseye", "liseden", "lise (öğrenci*|çağında*|son sınıf*|kız*|erkek*|birinci|ikinci|üçüncü|dördüncü|1|2|3|4)", "anaokul*", "kreş", "kreşte", "kreşe", "kreşteki", "kreşten", "kreşler", "okul öncesi", "okul çocuğu", "okul çocukları", "okul kızı", "okul kızları",
    "öğrenci kız", "öğrenci kızlar", "kız öğrenci*", "erkek öğrenci*", "izci çocuk*", "sünnet düğünü", "pedofil*", "lolicon", "loli", "shota",
    `(${UNDER_18}|${NUMBER_WORDS}) yaşında*`, `(${UNDER_18}|${NUMBER_WORDS}) yaşlarında*`, `(${UNDER_18}|${NUMBER_WORDS}) yaşındaki`, `(${UNDER_18}|${NUMBER_WORDS}) yaş (kız|kızı|oğlan|erkek|çocuk|grubu)`,
    `(${UNDER_18}) sınıf* (öğrenci*|çocuk*|kız*|erkek*)`,
  ],
  sexual: [
    "çıplak*", "çırılçıplak", "anadan doğma", "soyun*", "soyundu", "soyunuyor", "soyunmuş", "elbiselerini çıkar*", "kıyafetlerini çıkar*", "giysilerini çıkar*",
    "üstünü çıkar*", "giysisiz", "kıyafetsiz", "elbisesiz", "üstsüz (kadın|kadınlar|kız|kızlar|model|modeller|kadını)", "topless", "nü", "nü fotoğraf*", "nü resim*",
    "nü çekim*", "göğüsleri (açık|çıplak|açıkta)", "memeler", "memeleri", "memelerini", "meme uç*", "penis*", "vajina*", "klitoris", "cinsel organ*", "cinsel bölge*",
    "yarak", "yarrak", "sikiş*", "sikişen", "sikiyor", "amcık", "ereksiyon", "seks", "seks (yapan|yapıyor|yapıyorlar|yapmak|yaparken|sahne*|video*|film*|içerik*|işçi*|oyuncağ*|köle*)",
    "cinsel (ilişki*|birliktelik*|içerik*|sahne*|istismar*|saldırı*|taciz*|eylem*|münasebet*|organ*)", "seviş*", "porno*", "pornografi*", "erotik*", "orgazm*",
    "mastürbasyon*", "mastürbasyon yap*", "oral seks", "anal seks", "grup seks", "orji*", "striptiz*", "fahişe*", "orospu*", "vibratör*", "dildo*", "tecavüz*",
    "ensest", "zoofili*", "hentai", "nsfw", "xxx", "müstehcen*", "şehvet*", "yetişkin film*", "yetişkin içerik*", "+18 içerik", "onlyfans", "bdsm", "teşhirci*",
    "röntgenci*", "azdırıcı",
  ],
  graphicViolence: [
    "gore", "kana bulanmış", "kana bulanmıştı", "kana bulanan", "kan gölü", "kan gölüne", "kan gölünde", "kan revan içinde", "kan içinde", "kanla kaplı", "kanlara bulanmış", "kana bulanmış ceset*", "kanlar içinde", "her yer kan", "her yerde kan",
    "kafatasını (kır*|ez*|parçala*|patlat*)", "kafatası (kırıl*|ezil*|parçalan*|patla*)", "arabanın arkasında sürükle*", "atın arkasında sürükle*", "infaz", "infazı", "infaza", "infaz (edil*|ed*|et*|sahnesi|görüntü*)", "kurşunlayarak infaz*", "(adamı|kadını|esiri|mahkumu|onu|onları|esirleri) ateşe ver*", "(adamı|kadını|esiri|mahkumu|onu|esirleri) diri diri yak*", "parçalara ayır*", "parçalara ayrıl*", "parça parça (edil*|et*|doğra*)", "paramparça (ceset*|beden*|edilmiş)", "kafası kop*", "kafasını kopar*", "(kolu|kolları|bacağı|bacakları|eli|elleri|parmakları|kulakları|dili) kesil*", "tekmelerle öldür*", "çarmıha gerilmiş (adam|kadın|insan|ceset*)", "kafasını ez*", "kafası ezil*", "ezilerek öldür*", "kan fışkır*", "kan sıçra*", "kan sıçramış", "kan lekeleri duvarda", "katliam*", "soykırım*", "etnik temizlik", "toplu mezar*", "kafasını kes*", "kafası kesil*",
    "kafa kes*", "başını kes*", "başı kesil*", "kesik baş*", "kesik kafa*", "kesilmiş (kafa*|baş*|kol*|bacak*|el*|parmak*)", "boğazını kes*", "boğazı kesil*", "boğazla*",
    "parçalanmış (ceset*|beden*|vücut*)", "ceset parçaları", "cesedi parçala*", "cesedi doğra*", "bağırsak* (dışarı*|saçıl*)", "iç organ* (dışarı*|saçıl*)",
    "işkence*", "idam", "idamı", "idama", "idamın", "idamlar", "idam (edil*|ed*|et*|sehpası|sehpasında|mahkumu|cezası)", "kurşuna diz*", "darağac*", "kendini as*", "asarak öldür*", "asılarak öldür*", "recm*", "taşlanarak öldür*", "taşlayarak öldür*", "taşa tut*",
    "linç", "linçe", "linci", "linç (edil*|ed*|et*)", "linçlen*", "kazığa otur*", "kazığa geçir*", "elektrikli sandalye", "gaz odası", "gaz odalarında", "öldürücü iğne",
    "(döverek|dövülerek|tekmeleyerek|tekmelenerek|bıçaklayarak|bıçaklanarak|boğarak|boğularak|yakarak|yakılarak|taşlayarak|sopayla|beysbol sopasıyla|çekiçle|baltayla|satırla) öldür*",
    "öldüresiye döv*", "ölümüne döv*", "ölene kadar döv*", "ölene dek döv*", "dövülerek öldürül*", "döve döve öldür*", "diri diri", "canlı canlı (yak*|göm*|yüz*|haşla*)",
    "yakılarak öldürül*", "diri diri yak*", "defalarca bıçakla*", "(onlarca|yirmi|birçok|defalarca) bıçak darbe*", "beynini dağıt*", "beyni dağıl*", "kafasına sık*",
    "başına ateş et*", "başından vur*", "kafasına ateş et*", "ensesinden vur*", "kafasına kurşun", "kafasından vur*", "kurşun yara*", "açık yara*", "açık kırık", "kemikleri dışarı*", "insan eti", "insan kalıntı*", "yamyam*", "intihar*",
    "bileklerini kes*", "kendine zarar ver*", "canına kıy*", "katlet*", "vahşice (öldür*|katled*|dövül*)", "vahşet*", "hayvana eziyet", "hayvanlara eziyet", "hayvan işkence*",
    "gözlerini oy*", "gözleri oyul*", "tırnaklarını sök*", "kalbini sök*", "derisini yüz*", "derisi yüzül*", "terör saldırı*", "canlı bomba", "okul saldırı*",
    "okulda silahlı saldırı", "kan banyosu", "kanlı ceset*", "vahşi cinayet*", "kanlı cinayet*", "doğranmış ceset*", "parçalanmış ceset*",
  ],
  likeness: [
    ...SUFFIXED_PEOPLE,
    "deepfake*", "derin sahte*", "yüz değiştir*", "yüz takas*", "yüzünü değiştir*", "yüzümü değiştir*", "yüzünü (koy*|yerleştir*)", "yüzümü (koy*|yerleştir*)", "face swap",
    "tıpatıp benzeyen", "birebir benzeyen", "ses klon*", "klonlanmış ses*", "sesini klonla*", "kimliğine bürün*", "kılığına girmiş (cumhurbaşkanı|başkan)",
    "papa (francis|franciscus|fransuva|leo|benedikt|hazretleri)", "papa'yı", "papanın", "katolik* ruhani lider*", "vatikan'ın lideri",
    "(abd|amerikan|amerika|rusya|fransa|çin|ukrayna|türkiye|iran) (başkanı|cumhurbaşkanı|devlet başkanı|başbakanı|lideri)", "cumhurbaşkan*",
    "(ingiltere|israil|hindistan|japonya|kanada) başbakanı", "ingiliz başbakan*", "(kral charles|ingiltere kralı|ingiltere kraliçesi|ingiliz kralı|ingiliz kraliçesi)",
    "almanya şansölyesi", "alman şansölyesi", "iran dini lideri", "dünyanın en zengin adamı", "dünyanın en zengin insanı",
    "(tesla'nın|spacex'in|microsoft'un|apple'ın|amazon'un|facebook'un|meta'nın|openai'ın|google'ın|nvidia'nın|twitter'ın) (kurucusu|patronu|sahibi|ceo'su)",
  ],
  negators: ["yok", "olmadan", "olmayan", "olmasın", "değil", "hiç", "hiçbir", "asla", "hariç", "sıfır", "istemiyorum", "içermeyen", "içermesin"],
  exceptions: [
    "çocukluk*", "çocukça", "çocuksu", "çocuk resmi buzdolabında", "çocuk çizimi", "çocuk çizimleri", "çocuğun çizdiği (resim|resmi|resimler)", "çocukların çizdiği (resim|resimler)",
    "(bir|) çocuğun boya kalemiyle çizdiği", "içimdeki çocuk", "iç çocuk", "çocuk oyuncağı", "el nino", "el niño", "la nina", "la niña", "el nino (olayı|etkisi|fenomeni)",
    "oyuncak bebek*", "bebek (mavi*|pembe*|sahil*|koy*|semt*|mahalle*|park*|iskele*|camii)", "barbie bebek*", "bez bebek*", "porselen bebek*", `bebek (${ANIMALS})`, `(${ANIMALS}) bebek*`,
    "yenidoğan (kedi*|yavru*|kuzu*|buzağı*|tay*|köpek*)", "çıplak göz*", "çıplak gözle", "çıplak ayak*", "çıplak ayakla", "çıplak eller*", "çıplak elle", "çıplak ağaç*",
    "çıplak dal*", "çıplak duvar*", "çıplak kaya*", "çıplak gerçek*", "çıplak tepe*", "çıplak arazi*", "soyunma odas*", "soyunma kabin*", "soyunma dolab*",
    "(ruj|oje|ton|renk|rengi|makyaj|far) nude", "nude (ruj|ton|renk)", "bloody mary", "kanlı meri",
    `(${UNDER_18}|${NUMBER_WORDS}) yaşında* (${THINGS})`,
  ],
};
