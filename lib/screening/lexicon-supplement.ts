import type { Lexicon } from "./lexicons/types";

/**
 * Additions to the languages' lexicons (lexicons/*.ts), same notation and policy: mostly
 * violence described as an act ("to death", "until he stopped moving", disembowelling, cutting
 * up a body), which every language needs and word lists of nouns miss.
 */
type Supplement = Partial<Pick<Lexicon, "minors" | "sexual" | "graphicViolence" | "likeness">>;

export const SUPPLEMENT: Readonly<Record<string, Supplement>> = {
  es: {
    graphicViolence: [
      "(destripando|destripó|destripa|destripan|destripar) (a|al)", "(prisionero|hombre|mujer|cuerpo|cadáver|víctima) destripado", "hasta que (dejó|deja|dejo|dejara) de (moverse|respirar)", "hasta (la|su) muerte a (golpes|palos|pedradas|puñaladas)",
      "(apuñalaron|apuñaló|apuñala|apuñalando|apuñalado|apuñalada) (repetidamente|varias veces|una y otra vez|hasta)",
    ],
  },
  pt: {
    minors: ["alunas", "alunos do (ensino fundamental|primário)", "miúdos", "miúdas", "miudos", "miudas"],
    graphicViolence: [
      "estripando", "estripa", "estripou", "estripado", "estripada", "estripar", "até (ele|ela) parar de (se mexer|respirar)", "até (parar|pararem) de se mexer",
      "(esfaqueou|esfaqueia|esfaqueando) (o|a|ele|ela|) (rapaz|homem|mulher|vítima|) (várias vezes|repetidamente|sem parar)",
    ],
  },
  fr: {
    minors: ["des mineurs", "les mineurs", "mineurs qui", "mineure", "mineures"],
    graphicViolence: ["(éventre|éventrer|éventrant|éviscère) (un|une|le|la|les) (prisonnier|prisonniers|homme|femme|corps|cadavre|victime|soldat|otage)", "(homme|femme|corps|cadavre|victime|prisonnier) éventré", "jusqu'à ce qu'il (ne bouge plus|meure|cesse de bouger)", "à coups de (couteau|machette|hache) jusqu'à la mort"],
  },
  it: {
    graphicViolence: ["sventra", "sventrare", "sventrato", "sventrata", "sventrando", "fa a pezzi (un|il) (cadavere|corpo)", "fare a pezzi (un|il) (cadavere|corpo)", "finché non (smette|smise|ha smesso) di muoversi"],
  },
  de: {
    sexual: ["sexszene", "sexszenen", "selbst befriedigt", "sich selbst befriedigen", "befriedigt sich", "explizite (szene|sexszene)"],
    graphicViolence: ["schlitzt (einem gefangenen|ihm|ihr|dem opfer|einem mann|einer frau|) den bauch auf", "bauch aufschlitzen", "bauch aufgeschlitzt", "bis er sich nicht mehr (bewegt|bewegte|rührt|rührte)"],
  },
  nl: {
    minors: ["zoontje", "dochtertje", "basisschoolklas", "basisschoolleerlingen", "basisschoolkinderen", "(meisje|jongen|meid) van (1|2|3|4|5|6|7|8|9|10|11|12|13|14|15|16|17|een|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien)"],
    sexual: ["zichzelf bevredigt", "zichzelf bevredigen", "pijpbeurt", "pijpbeurten"],
    graphicViolence: [
      "buik openrijt", "buik opengereten", "openrijten", "in stukken (zaagt|zagen|gezaagd|hakt|hakken|gehakt)", "stak hem (keer op keer|steeds weer|meerdere keren) neer", "tot hij niet meer bewoog",
      "(polsen|pols) (doorsnijdt|doorsnijden|doorgesneden|doorsneed)", "doodgeslagen", "doodslaan", "doodgestoken", "doodsteken", "levend verbrand", "levend verbranden", "gestenigd",
    ],
  },
  pl: {
    minors: ["gimnazjaliści", "gimnazjalistki", "gimnazjalista", "gimnazjalistka", "gimnazjalistów"],
    graphicViolence: [
      "wypruwa flaki", "wypruwa wnętrzności", "wypruł flaki", "(ćwiartuje|ćwiartował|poćwiartował) (zwłoki|ciało|ciała|człowieka|ofiarę|trupa)", "poćwiartowane (zwłoki|ciało|ciała)", "aż przestał się ruszać", "aż przestała się ruszać",
      "(dźgał|dźgnął|dźga) (go|ją|ich) nożem", "publiczne (powieszenie|wieszanie|egzekucje|egzekucja)", "zatłuc na śmierć", "zatłukł", "zatłukli", "pobity na śmierć", "spalony żywcem", "spalić żywcem", "ukamienowanie", "ukamienowali",
    ],
  },
  ru: {
    graphicViolence: ["вспарывает живот", "вспорол живот", "вспороть живот", "пока (тот|он|она) не (перестал|перестала) двигаться", "(бил|бьёт|ударил) (его|её|ее) ножом", "снова и снова бил (его|её|ее) ножом"],
  },
  uk: {
    graphicViolence: ["розпорює живіт", "розпоров живіт", "розпороти живіт", "доки (той|він|вона) не (перестав|перестала) рухатися", "(бив|б'є|вдарив) (його|її) ножем", "розрізає собі вени", "розрізав собі вени", "перерізає вени", "перерізав вени"],
  },
  tr: {
    minors: ["küçük (bir|) (kız|kızı|kızlar|kızın|erkek|oğlan|oğlu)"],
    sexual: ["üstsüz", "ustsuz"],
    graphicViolence: ["deşiyor", "deşti", "deşerek", "karnını (deşiyor|deşti|deşen|yarıyor|yardı)", "cesedi (parçalıyor|parçaladı|parçalayan|doğruyor)", "kıpırdamayana kadar", "(bıçağı|bıçakla) tekrar tekrar", "ölene kadar (dövüyor|dövdü|bıçakladı|taşladı)", "öldüresiye"],
  },
  "ja-Latn": {
    minors: ["yochiyochi aruki", "youjien", "youjien ji", "jk", "joshi kousei", "joshikousei", "joshi chuugakusei", "shougakusei", "chuugakusei"],
    sexual: ["seikoui", "sei koui", "isshi matowanu"],
  },
  "zh-Latn": {
    minors: ["xiao pengyou", "xiaopengyou", "baobao", "xiao nanhai", "xiaonanhai", "xiao nvhai", "xiao nuhai", "chuzhong nvsheng", "chuzhong nusheng", "chuzhongsheng", "xiaoxuesheng", "nv xuesheng", "nu xuesheng"],
    sexual: ["luchu rufang", "rufang", "chengren pian", "chengrenpian", "xingguanxi", "xing guanxi", "zuo ai", "zuoai", "luoti", "luo ti"],
  },
  "ru-Latn": {
    sexual: ["goloi grudi", "goloy grudi", "golaya grud", "golye grudi", "orgiya", "orgii", "orgiyu"],
  },
  id: {
    sexual: ["memperlihatkan payudara", "memperlihatkan payudaranya", "payudaranya"],
    graphicViolence: ["sampai mati", "sampai tewas", "hingga tewas", "hingga mati", "dipukuli sampai", "berkali kali dengan pisau", "menusuk korban"],
  },
  vi: {
    minors: ["em be so sinh", "tre so sinh", "be so sinh"],
    graphicViolence: ["máu bắn lên tường", "máu bắn khắp", "den chet", "thieu song", "ném đá (mot|) (nguoi|phu nu|dan ong)", "danh hoi dong"],
  },
  th: {
    sexual: ["ฉากเอากัน", "เอากัน"],
    graphicViolence: ["จนตาย", "เผาทั้งเป็น", "เผาเชลยทั้งเป็น", "เผาคนทั้งเป็น", "เผานักโทษทั้งเป็น", "ฝังทั้งเป็น", "ตีคนอื่นจนตาย", "กระทืบจนตาย", "แทงด้วยมีดซ้ำ", "ตีจนตาย", "ขว้างหินจนตาย"],
  },
  ar: {
    minors: ["مولودها", "مولوده", "مولودا", "المولود", "مولود جديد", "رضيعها", "رضيعه"],
    sexual: ["ثدييها", "ثدييه", "ثديها", "علاقه حميمه", "العلاقه الحميمه"],
    graphicViolence: ["حتى الموت", "(يحرقون|يحرق|احرقوا|احرق) (اسيرا|رجلا|امراه|شخصا|سجينا|اسيره) حيا", "يعذب", "يعذبون", "عذبه", "تعذيب", "يقتلع اظافره", "اقتلاع الاظافر"],
  },
  fa: {
    sexual: ["سینه‌هایش", "سینه هایش", "سینه‌هاش"],
    graphicViolence: ["ضربه چاقو", "ضربه به او می‌زند", "گلوی (مرد|زن|او) را می‌برد", "گلویش را می‌برد", "سر بریدن", "در خون خودش غرق"],
  },
  hi: {
    sexual: ["अपने स्तन", "स्तन दिखा", "स्तनों"],
    graphicViolence: ["पीट-पीटकर", "पीट पीटकर", "मार-मारकर", "मार मारकर", "गोदकर", "बार-बार गोद"],
  },
  ja: {
    sexual: ["胸を露出", "胸をさらけ出", "一糸まとわぬ", "全裸"],
    graphicViolence: ["打ち殺す", "打ち殺し", "石で殺", "殴り殺", "刺し殺", "焼き殺", "なぶり殺"],
  },
  ko: {
    sexual: ["성기", "남자 성기", "여자 성기"],
    graphicViolence: ["목을 벤다", "목을 베다", "목을 긋는", "목을 그어", "피가 튄다", "피가 튀는"],
  },
  "zh-Hans": {
    graphicViolence: ["砸死", "活活砸死", "被打死", "活活打死", "殴打致死", "烧死", "活活烧死", "刺死", "捅死", "手脚锯下"],
  },
  "zh-Hant": {
    sexual: ["露點", "胸部完全露出", "露出胸部"],
    graphicViolence: ["砸死", "活活砸死", "被打死", "活活打死", "毆打致死", "燒死", "活活燒死", "刺死", "捅死", "手腳鋸下"],
  },
};
