/**
 * Epithets and roles that name one listed person as surely as the name does ("the Governator",
 * "the Iron Lady", "Tesla's CEO"), in the languages the screen reads. Same line format as
 * data/real-people.txt: the person's usual name first, then the epithets. A leading "^" marks an
 * epithet made of ordinary words, which only counts Written Like A Name ("the Iron Lady", not
 * "an iron lady statue"). Fictional characters' epithets ("the Dark Knight") are not here: only
 * real people are refused.
 */

const EPITHETS: readonly string[] = [
  "Michael Jackson|King of Pop|Rey del Pop|Roi de la pop|Rei do Pop|Re del Pop|Koning van de Pop|Król Popu|Pop Kralı|Raja Pop|Ông hoàng nhạc Pop|Vua nhạc Pop|Король поп-музыки|Короля поп-музыки|Король поп-музики|Korol pop-muzyki|流行之王|流行乐之王|流行樂之王|流行音乐之王|流行音樂之王|キング・オブ・ポップ|キングオブポップ|팝의 황제|팝의 왕|ملك البوب|پادشاه پاپ|पॉप के बादशाह|पॉप का राजा|पॉप किंग|ราชาเพลงป๊อป|ราชาเพลงป็อป|ราชาแห่งเพลงป๊อป",
  "Madonna|Queen of Pop|Reina del Pop|Reine de la pop|Rainha do Pop|Regina del Pop|Koningin van de Pop|Królowa Popu|Королева поп-музыки|Королева поп-музики|Pop Kraliçesi|Ratu Pop|Nữ hoàng nhạc Pop|流行女王|流行天后麦当娜|クイーン・オブ・ポップ|팝의 여왕|ملكة البوب|ملکه پاپ|पॉप की रानी|ราชินีเพลงป๊อป",
  "Elvis Presley|King of Rock and Roll|King of Rock 'n' Roll|Rey del Rock and Roll|Rey del Rock|Roi du rock|Rei do Rock|Re del Rock|Король рок-н-ролла|Король рок-н-ролу|猫王|貓王|キング・オブ・ロックンロール|로큰롤의 황제|ملك الروك اند رول",
  "Elon Musk|Tesla Chef|SpaceX Chef|Tesla-Boss",
  "Arnold Schwarzenegger|Governator|Austrian Oak|Терминатор Шварценеггер|州长施瓦辛格",
  "Ruth Bader Ginsburg|Notorious RBG|Notorious R.B.G.",
  "^Margaret Thatcher|Iron Lady|Eiserne Lady|IJzeren Dame|Żelazna Dama|Demir Leydi|Wanita Besi",
  "Margaret Thatcher|Dama de Hierro|Dame de fer|Dama di ferro|Dama de Ferro|Bà đầm thép|Железная леди|Залізна леді|铁娘子|鐵娘子|鉄の女|철의 여인|المرأة الحديدية|بانوی آهنین|आयरन लेडी|หญิงเหล็ก",
  "^Michael Jordan|His Airness",
  "^Lionel Messi|La Pulga|Pulga Messi",
  "^Ronaldo Nazario|O Fenômeno|El Fenómeno|Il Fenomeno",
  "^Silvio Berlusconi|Il Cavaliere",
  "^Dwayne Johnson|The Rock",
  "^Joe Biden|Sleepy Joe",
  "^Donald Trump|The Donald|Orange Man",
  "^Diego Maradona|El Pibe de Oro",
  "^Shah Rukh Khan|King of Bollywood|Badshah of Bollywood",
  "^Beyonce|Queen B",
  "^Taylor Swift|Taytay",
  "^Kim Kardashian|Kimmy K",
  "^Cristiano Ronaldo|CR 7",
  "^Frank Sinatra|Ol' Blue Eyes|Old Blue Eyes",
  "^Wayne Gretzky|The Great One",
  "^Vladimir Putin|Tsar Putin|Czar Putin",
];

// Role + company: "Tesla's CEO", "CEO of Tesla", "der Tesla-Chef", "特斯拉的首席执行官".
const COMPANY_HEADS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    "Elon Musk",
    ["Tesla", "SpaceX", "特斯拉", "テスラ", "테슬라", "تسلا", "टेस्ला", "เทสลา", "Тесла", "Теслы"],
  ],
  [
    "Mark Zuckerberg",
    [
      "Facebook",
      "Meta",
      "脸书",
      "臉書",
      "フェイスブック",
      "페이스북",
      "فيسبوك",
      "فیسبوک",
      "Фейсбук",
      "Фейсбука",
    ],
  ],
  [
    "Bill Gates",
    [
      "Microsoft",
      "微软",
      "微軟",
      "マイクロソフト",
      "마이크로소프트",
      "مايكروسوفت",
      "Майкрософт",
      "Microsoft'un",
    ],
  ],
  [
    "Jeff Bezos",
    ["Amazon", "亚马逊", "亞馬遜", "アマゾン", "아마존", "أمازون", "Амазон", "Амазона"],
  ],
  ["Tim Cook", ["Apple", "苹果公司", "蘋果公司", "アップル", "애플", "Эппл"]],
  ["Sam Altman", ["OpenAI"]],
  ["Jensen Huang", ["Nvidia", "英伟达", "輝達", "エヌビディア", "엔비디아"]],
  ["Sundar Pichai", ["Google", "Alphabet", "谷歌", "グーグル", "구글"]],
  ["Warren Buffett", ["Berkshire Hathaway"]],
  ["Jack Ma", ["Alibaba", "阿里巴巴"]],
];
const ROLE_AFTER = [
  "CEO",
  "CEOs",
  "boss",
  "chief executive",
  "founder",
  "co-founder",
  "cofounder",
  "owner",
  "chairman",
  "Gründer",
  "Boss",
  "CEO'su",
  "patronu",
  "kurucusu",
  "的首席执行官",
  "的首席執行官",
  "首席执行官",
  "首席執行官",
  "的CEO",
  "CEO",
  "老板",
  "老闆",
  "的老板",
  "创始人",
  "創辦人",
  "のCEO",
  "の社長",
  "の創業者",
  "創業者",
  "최고경영자",
  "창업자",
  "의 CEO",
];
const ROLE_BEFORE = [
  "CEO of",
  "CEO de",
  "CEO di",
  "CEO da",
  "CEO do",
  "CEO van",
  "CEO von",
  "CEO",
  "boss of",
  "chief of",
  "head of",
  "founder of",
  "co-founder of",
  "owner of",
  "Chef von",
  "Gründer von",
  "PDG de",
  "patron de",
  "fondateur de",
  "fundador de",
  "fundador da",
  "fundador do",
  "dueño de",
  "jefe de",
  "director ejecutivo de",
  "dono da",
  "dono do",
  "fondatore di",
  "amministratore delegato di",
  "oprichter van",
  "topman van",
  "baas van",
  "prezes",
  "założyciel",
  "szef",
  "pendiri",
  "bos",
  "CEO của",
  "giám đốc điều hành",
  "người sáng lập",
  "глава",
  "основатель",
  "владелец",
  "гендиректор",
  "засновник",
  "власник",
  "الرئيس التنفيذي ل",
  "مؤسس",
  "مدیرعامل",
  "بنیانگذار",
  "ซีอีโอ",
  "ผู้ก่อตั้ง",
];

function companyLines(): string[] {
  return COMPANY_HEADS.map(([person, companies]) => {
    const aliases: string[] = [];
    for (const company of companies) {
      const unspaced = /[\u3040-\u30ff\u3400-\u9fff\u0e00-\u0e7f]/.test(company);
      for (const role of ROLE_AFTER)
        aliases.push(
          unspaced || /^[\u3040-\u9fff]/.test(role) ? `${company}${role}` : `${company} ${role}`,
        );
      for (const role of ROLE_BEFORE)
        aliases.push(role.endsWith(" ل") ? `${role}${company}` : `${role} ${company}`);
      // Hindi: "टेस्ला के सीईओ".
      aliases.push(`${company} के सीईओ`, `${company} के संस्थापक`);
    }
    return `${person}|${aliases.join("|")}`;
  });
}

export const NAME_EPITHETS: readonly string[] = [...EPITHETS, ...companyLines()];
