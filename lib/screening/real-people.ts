import { REAL_PEOPLE } from "./data/real-people.generated";
import { NAME_EPITHETS } from "./name-epithets";
import { NAME_SUPPLEMENT } from "./names-supplement";
import type { Token } from "./normalize";
import { canonical, phraseWords } from "./normalize";
import { ARABIC, CYRILLIC, cyrillicStem, LATIN_WORD, arabicVariants, UNSPACED } from "./scripts";
import { SubstringIndex } from "./substring-index";
import { type Phrase, PhraseIndex } from "./phrase-index";
import { wordSet } from "./word-set";

/**
 * Names of real people (data/real-people.txt), matched as whole words in one pass. Each alias is
 * also indexed run together ("taylorswift", for hashtags and zero-width joins) and, for full
 * names, with a possessive "s" that lost its apostrophe ("taylor swifts concert").
 *
 * A line starting with "*" is a creator (painter, director, author, composer, architect, fashion
 * house founder) whose name is routinely used for a style or a work rather than the person:
 * "in the style of Van Gogh", "a Kubrick-style corridor", "a Mozart symphony", "a Tom Ford
 * suit", "Shakespeare's Globe". Only in such constructions does the name pass; "Van Gogh
 * cutting his ear" or "Van Gogh's face" fail. A work word right after the name wins even when
 * the creator is the subject ("Van Gogh painting in a field"): a gap accepted to keep style
 * prompts, which are far more common, working.
 */

/** `proper`: the name is also a phrase of ordinary words and only counts Written Like A Name. */
type Person = { name: string; creator: boolean; proper: boolean };

const NAMES = new PhraseIndex<Person>();
// Names written in Han, kana or Thai, found anywhere in the text (no spaces around them).
const NATIVE = new SubstringIndex<Person>();

/** The word forms a name's words take in the prompt: Russian cases, Arabic clitics (Korean particles: see Token.stem). */
function nativeForms(words: string[]): string[][] {
  const last = words[words.length - 1] as string;
  if (CYRILLIC.test(last))
    return [words.map((w) => cyrillicStem(w, words.length > 1 ? 3 : 5) ?? w)];
  if (ARABIC.test(words[0] as string))
    return arabicVariants(words[0] as string).map((v) => [v, ...words.slice(1)]);
  return [words];
}

for (const line of [...REAL_PEOPLE, ...NAME_SUPPLEMENT, ...NAME_EPITHETS]) {
  const proper = line.startsWith("^");
  const creator = line.startsWith("*");
  const aliases = (creator || proper ? line.slice(1) : line).split("|");
  const person: Person = { name: (aliases[0] ?? "").trim(), creator, proper };
  for (const alias of aliases) {
    if (UNSPACED.test(alias)) {
      NATIVE.add(canonical(alias).toLowerCase(), person);
      continue;
    }
    const words = phraseWords(alias);
    if (words.length === 0) continue;
    if (!LATIN_WORD.test(words.join(""))) {
      for (const form of nativeForms(words)) NAMES.add(form, person);
      continue;
    }
    NAMES.add(words, person);
    if (words.length > 1) {
      const joined = words.join("");
      if (joined.length >= 8) NAMES.add([joined], person);
      const last = words[words.length - 1] as string;
      if (!last.endsWith("s")) NAMES.add([...words.slice(0, -1), `${last}s`], person);
    }
  }
}

/** The first person named in Han, kana or Thai in the compacted text, outside safe stretches (`safeMask`, computed only when a name is found). */
export function findNativeName(compactText: string, safeMask: () => Uint8Array): string | null {
  const hits = NATIVE.find(compactText);
  if (hits.length === 0) return null;
  const safe = safeMask();
  for (const { start, end, tag } of hits) {
    let covered = true;
    for (let k = start; k < end; k++) if (!safe[k]) covered = false;
    if (!covered) return tag.name;
  }
  return null;
}

export const REAL_PEOPLE_COUNT = REAL_PEOPLE.length;
export const REAL_PEOPLE_INDEX_SIZE = NAMES.size + NATIVE.size;

// "... style", "... film", "... symphony": the name stands for a body of work.
const WORK_AFTER = wordSet(
  "theatre theater globe opera cubist cubism surrealist surrealism impressionist impressionism expressionist still style styled styles stylized stylised esque inspired influenced aesthetic aesthetics like look vibe vibes mood tone palette colors colours colour color painting paintings artwork artworks art canvas brushstrokes brushwork print prints sketch drawing drawings mural sculpture sculptures exhibition exhibit museum gallery film films movie movies cinema cinematography shot shots framing composition lighting scene scenes sequence universe world worlds story stories tale tales novel novels book books poem poems poetry play plays sonnet quote quotes character characters fantasy horror creature creatures monster monsters symphony symphonies concerto concertos sonata sonatas operas score soundtrack music piece nocturne waltz requiem suite prelude fugue etude architecture building buildings house houses tower design designs chair furniture theory theories equation equations law laws experiment experiments photograph photographs photography portrait portraits dress dresses suit suits gown gowns bag bags handbag handbags shoes heels sneakers sunglasses perfume fragrance jacket jackets collection collections boutique store logo runway watch watches jeans underwear manga anime comic comics panel panels illustration illustrations",
);
// The same after a name in other languages: "Van Gogh tarzında", "estilo Van Gogh", "im Stil".
const FOREIGN_WORK_AFTER =
  "tarzinda tarzi tarz stilinde stili uslubunda estilo stil stijl stile stylu styl stilu gaya kieu schilderij gemalde tableau tablo quadro cuadro pintura obraz painting".split(
    " ",
  );
for (const w of FOREIGN_WORK_AFTER) WORK_AFTER.add(w);

const WORK_BEFORE = new Set([
  "by",
  "after",
  "playing",
  "plays",
  "played",
  "reading",
  "reads",
  "quoting",
  "quotes",
  "performing",
  "performs",
  "homage",
  "honoring",
  "honouring",
]);
const STYLE_NOUNS = new Set([
  "style",
  "styles",
  "manner",
  "spirit",
  "tradition",
  "school",
  "vein",
  "mode",
  "aesthetic",
  "works",
  "work",
  "art",
  "paintings",
  "films",
  "music",
  "world",
  "universe",
]);

// What a creator's possessive can name without being about their work: "Van Gogh's ear".
const PERSONAL = wordSet(
  "face faces body head hair eyes eye ear ears nose mouth lips smile beard mustache moustache hands hand skin voice likeness portrait self selfie photo photograph picture image clone double ghost grave funeral death life wife husband son daughter mother father family home house bedroom deathbed",
);

function inStyleConstruction(tokens: readonly Token[], i: number, length: number): boolean {
  const before = tokens[i - 1]?.w;
  const last = tokens[i + length - 1] as Token;
  const next = tokens[i + length];
  // "Van Gogh's Starry Night", "Shakespeare's Globe Theatre", but not "Van Gogh's face".
  if (last.pos && next !== undefined && !next.brk && !PERSONAL.has(next.w)) return true;
  // "a Van Gogh sunflower painting": a work noun among the next three words.
  for (let k = i + length; k < i + length + 3 && k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.brk) break;
    if (WORK_AFTER.has(t.w)) return true;
  }
  if (before === undefined) return false;
  if (WORK_BEFORE.has(before)) return true;
  if (before === "of" && STYLE_NOUNS.has(tokens[i - 2]?.w ?? "")) return true;
  if (
    before === "to" &&
    ["homage", "tribute", "listening", "listen", "listens", "ode"].includes(tokens[i - 2]?.w ?? "")
  )
    return true;
  if (before === "la" && tokens[i - 2]?.w === "a") return true;
  // Other languages' "by"/"of": "les Nymphéas de Monet", "de Nachtwacht van Rembrandt", "im Stil
  // von Klimt"; but not when what precedes is the person ("le visage de Monet", "ein Porträt von").
  if (FOREIGN_OF.has(before) && !PERSONAL_ANY.has(tokens[i - 2]?.w ?? "")) return true;
  return false;
}

const FOREIGN_OF = new Set([
  "de",
  "del",
  "des",
  "du",
  "da",
  "do",
  "dos",
  "das",
  "di",
  "della",
  "dello",
  "dei",
  "van",
  "von",
  "vom",
  "od",
  "przez",
  "por",
  "par",
]);
const PERSONAL_ANY = new Set([
  ...PERSONAL,
  ..."visage cara rosto gezicht gesicht volto twarz corps cuerpo corpo lichaam korper portrait retrato portret portrat ritratto foto photo fotografia fotografie selfie statue estatua standbeeld statua posag pomnik deepfake sosie doble sosia dubbelganger doppelganger clone voix voz stem stimme voce glos cabeza tete testa hoofd kopf glowa mort muerte morte dood tod funerailles funeral entierro".split(
    " ",
  ),
]);

/** Whether the word occurs in some name, so a decoded reading that adds it is worth checking. */
export const isNameWord = (word: string): boolean => NAMES.knows(word);

const probe: Array<Phrase<Person>> = [];

/** Whether any name occurs in the words at all, style or not: the cheap first look. */
export function mentionsName(tokens: readonly Token[]): boolean {
  for (let i = 0; i < tokens.length; i++)
    if (NAMES.collect(tokens, i, true, probe) > 0) return true;
  return false;
}

/** The first real person named in the words, skipping `covered` words and creators used as a style. */
export function findRealPerson(tokens: readonly Token[], covered: Uint8Array): string | null {
  const matches: Array<Phrase<Person>> = [];
  // Words of a creator's name already read as a style ("inspired by Salvador Dali") are not
  // read again on their own ("Dali").
  let exemptUntil = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (i < exemptUntil) continue;
    const count = NAMES.collect(tokens, i, true, matches);
    for (let m = 0; m < count; m++) {
      const phrase = matches[m] as Phrase<Person>;
      const length = phrase.words.length;
      let safe = false;
      for (let k = i; k < i + length; k++) if (covered[k]) safe = true;
      if (safe) continue;
      if (phrase.tag.proper && !tokens.slice(i, i + length).every((t) => t.cap)) continue;
      if (phrase.tag.creator && inStyleConstruction(tokens, i, length)) {
        exemptUntil = Math.max(exemptUntil, i + length);
        continue;
      }
      return phrase.tag.name;
    }
  }
  return null;
}
