import type { Token } from "./normalize";
import { wordSet } from "./word-set";

/**
 * Words for the young that are ordinary words too, and emoji: both count only in a context
 * that makes the reading plain. "the lads at the pub", "fountain of youth", "a minor chord",
 * "a baby elephant 🐘", "peach 🍑 smoothie" and "🍆🍑 market stall" pass; "a lad in his briefs,
 * seductive", "a minor posing nude", "👧 in lingerie" and "girl 🍑🍆 in bed" do not.
 */

/** Words that make a scene sexual or exposing, in the screened languages written with spaces. */
const SUGGESTIVE = new Set(
  (
    "sexy seductive seductively sultry sensual provocative provocatively suggestive suggestively lingerie underwear panties briefs thong bra bikini swimsuit speedos nightie topless shirtless naked nude undressing undress undressed stripping bed bedroom shower bath bathtub kiss kissing kisses lap oiled twerk twerking posing pose leotard skimpy sheer licking moaning " +
    "lenceria tanga ropa interior cama ducha desnuda desnudo sensual string lit douche nue nu culotte unterwasche dessous bett dusche nackt calcinha chuveiro pelada pelado mutande letto doccia nuda nudo ondergoed douche naakt bielizna lozku prysznic naga nagi белье белье кровати кровать душ голая голый"
  ).split(" "),
);

/** English words for a young person that also have adult or abstract senses. */
const AMBIGUOUS_YOUNG = new Set(
  // "lads" and "lasses" are grown men and women out together ("lads on tour"): singular only.
  "lad lass laddie youth youths youngster youngsters juvenile juveniles".split(" "),
);
// "youth orchestra", "youth hostel": an institution named for the young, not a person shown.
const YOUTH_COMPOUNDS = wordSet(
  "orchestra orchestras hostel hostels league leagues club clubs center centre centers centres group groups culture movement unemployment work worker workers pastor minister ministry services sports team teams choir choirs camp camps",
);
const NOT_A_PERSON_BEFORE = wordSet("of my his her their our your eternal fountain");

/** "minor" as a noun: after these, and not followed by the noun it would modify. */
const MINOR_BEFORE = wordSet(
  "a an the one any this that some sexy hot cute young little underage naked nude innocent seductive",
);
const MINOR_AFTER = wordSet(
  "in on with wearing posing who and at lying sitting standing dressed naked nude undressing in",
);

/** "a minor in economics" is a degree. */
const FIELDS = wordSet(
  "economics math maths mathematics physics chemistry biology history art arts music english french spanish german philosophy psychology sociology computer business film literature linguistics statistics law politics design theatre theater dance",
);

// "baby shower", "bridal shower": a party, not a bath.
const PARTY_BEFORE_SHOWER = new Set(["baby", "bridal", "wedding"]);

export function suggestive(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const w = (tokens[i] as Token).w;
    if (!SUGGESTIVE.has(w)) continue;
    if (w === "shower" && PARTY_BEFORE_SHOWER.has(tokens[i - 1]?.w ?? "")) continue;
    return true;
  }
  return false;
}

const UNDRESSED = wordSet(
  "clothes undressing undressed naked nude moaning topless lingerie bed bedroom sheets",
);

/**
 * "netflix and chill" is sex only when the scene says so ("..., clothes coming off"); a night in
 * with popcorn passes.
 */
export function euphemisticSex(tokens: readonly Token[]): boolean {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if ((tokens[i] as Token).w !== "netflix") continue;
    const at = tokens[i + 1]?.w === "and" || tokens[i + 1]?.w === "n" ? i + 2 : i + 1;
    if (!(tokens[at]?.w ?? "").startsWith("chill")) continue;
    for (const t of tokens) if (UNDRESSED.has(t.w)) return true;
  }
  return false;
}

/** A young person named by an ambiguous word or by "minor", with `sexual` set when the prompt already reads as sexual. */
export function evasiveMinor(tokens: readonly Token[], sexual: boolean): boolean {
  let context: boolean | null = sexual ? true : null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.w === "minor") {
      const before = tokens[i - 1];
      const after = tokens[i + 1];
      if (before === undefined || !MINOR_BEFORE.has(before.w) || t.brk) continue;
      const chord = before.w.length === 1 && before.cap; // "in A minor", "A minor chord"
      const asNoun =
        after === undefined ||
        after.brk ||
        (MINOR_AFTER.has(after.w) && !(after.w === "in" && FIELDS.has(tokens[i + 2]?.w ?? "")));
      if (!asNoun) continue;
      context ??= suggestive(tokens);
      if (!chord || context) return true;
      continue;
    }
    // "a little one in a bikini": "one" standing for a child.
    const littleOne =
      (t.w === "one" || t.w === "ones") &&
      (tokens[i - 1]?.w === "little" || tokens[i - 1]?.w === "young");
    if (!AMBIGUOUS_YOUNG.has(t.w) && !littleOne) continue;
    const before = tokens[i - 1];
    if (before !== undefined && !t.brk && NOT_A_PERSON_BEFORE.has(before.w)) continue;
    if (YOUTH_COMPOUNDS.has(tokens[i + 1]?.w ?? "")) continue;
    context ??= suggestive(tokens);
    if (context) return true;
  }
  return false;
}

const ANY_EMOJI = /[\uD83C-\uD83E]/;
const CHILD = /\u{1F476}|\u{1F9D2}|\u{1F466}|\u{1F467}/u; // 👶 🧒 👦 👧
const AGE_MARK = /\u{1F51E}/u; // 🔞
const FRUIT = /\u{1F346}|\u{1F351}/u; // 🍆 🍑
const PEACH = /\u{1F351}/u;
const EGGPLANT = /\u{1F346}/u;
const BODILY = /\u{1F4A6}|\u{1F445}|\u{1F975}/u; // 💦 👅 🥵
const FRUIT_IN_FRUIT = /\u{1F346}\s*(?:in|into)\s*\u{1F351}/u;
const BLOOD = /\u{1FA78}/u; // 🩸
const WEAPON = /\u{1F52A}|\u{1F52B}|\u{1FA93}|\u{1F5E1}|\u2694/u; // 🔪 🔫 🪓 🗡 ⚔
const PEOPLE = wordSet(
  "girl girls boy man men woman women guy guys she he her him his couple bed sexy hot wife husband gf bf naked lady",
);

/**
 * The category emoji give the prompt: 🔞, or 🍆/🍑 with 💦, 👅, 🥵 or a person, is sexual;
 * 👶🧒👦👧 with anything sexual or exposing is minors; 🩸 with a weapon is graphic violence.
 * `sexual` is whether the words were already refused as sexual.
 */
export function emojiCategory(
  text: string,
  tokens: readonly Token[],
  sexual: boolean,
): "minors" | "sexual" | "graphic_violence" | null {
  if (!ANY_EMOJI.test(text)) return null;
  let sexualEmoji = AGE_MARK.test(text);
  // "the girl with a peach 🍑" is fruit: both fruits with a person, or one in a suggestive scene.
  if (!sexualEmoji && FRUIT.test(text))
    sexualEmoji =
      BODILY.test(text) ||
      FRUIT_IN_FRUIT.test(text) ||
      (EGGPLANT.test(text) && PEACH.test(text) && tokens.some((t) => PEOPLE.has(t.w))) ||
      suggestive(tokens);
  if (CHILD.test(text) && (sexual || sexualEmoji || EGGPLANT.test(text) || suggestive(tokens)))
    return "minors";
  if (sexualEmoji) return "sexual";
  if (BLOOD.test(text) && WEAPON.test(text)) return "graphic_violence";
  return null;
}
