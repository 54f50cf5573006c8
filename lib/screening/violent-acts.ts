import type { Token } from "./normalize";
import { wordSet } from "./word-set";

/**
 * Killing described as a brutal act, in English, when no gore word is used: "clubbing someone
 * to death with a baseball bat", "beat him to death", "kicked the man to death". A violent verb
 * up to four words before "to death", in the same clause. Verbs that are figures of speech
 * with "to death" ("bored", "scared", "loved", "worked", "tickled") are not listed.
 */

const VERBS =
  wordSet(`club clubs clubbing clubbed beat beats beating beaten bludgeon bludgeons bludgeoning bludgeoned stab stabs stabbing stabbed kick kicks kicking kicked
  stomp stomps stomping stomped strangle strangles strangling strangled choke chokes choking choked hack hacks hacking hacked burn burns burning burned burnt
  stone stones stoning stoned whip whips whipping whipped flog flogs flogging flogged torture tortures torturing tortured crush crushes crushing crushed
  maul mauls mauling mauled hammer hammers hammering hammered batter batters battering battered bash bashes bashing bashed pummel pummels pummeling pummelled
  pummeled pummelling punch punches punching punched slash slashes slashing slashed knife knifes knifing knifed shoot shoots shooting shot gun guns gunning gunned
  drown drowns drowning drowned smother smothers smothering smothered suffocate suffocates suffocating suffocated lash lashes lashing lashed cane caning caned
  trample tramples trampling trampled bite biting bit bitten gore gored goring machete macheted axe axed pistol whipped pistolwhipped lynch lynched lynching
  rape raped raping`);

// Cutting a body part off a person ("lopping off a kneeling prisoner's head", "cutting off a
// rival's fingers"), or smashing one in ("smashing another man's skull in"). The part must
// belong to someone (his, her, a possessive): "chop off the fish head" is cooking.
const CUTTING = wordSet(
  "cut cuts cutting chop chops chopping chopped hack hacks hacking hacked lop lops lopping lopped saw saws sawing sawed slice slices slicing sliced rip rips ripping ripped tear tears tearing tore bite bites biting bit",
);
const SMASHING = wordSet(
  "smash smashes smashing smashed bash bashes bashing bashed cave caves caving caved crush crushes crushing crushed kick kicks kicking kicked stomp stomps stomping stomped",
);
const PARTS = wordSet(
  "head heads hand hands finger fingers arm arms leg legs ear ears nose tongue foot feet toes toe limbs limb skull face teeth genitals",
);
const OWNERS = new Set(["his", "her", "their", "my", "your"]);

function partOfSomeone(tokens: readonly Token[], at: number): boolean {
  const before = tokens[at - 1];
  return before !== undefined && (OWNERS.has(before.w) || before.pos);
}

function maiming(tokens: readonly Token[]): boolean {
  for (let i = 1; i < tokens.length; i++) {
    const w = (tokens[i] as Token).w;
    if (w === "off" && CUTTING.has((tokens[i - 1] as Token).w)) {
      for (let k = i + 1; k <= i + 4 && k < tokens.length; k++) {
        const t = tokens[k] as Token;
        if (t.brk) break;
        if (PARTS.has(t.w) && partOfSomeone(tokens, k)) return true;
      }
    }
    if (w === "in" && PARTS.has((tokens[i - 1] as Token).w) && partOfSomeone(tokens, i - 1)) {
      for (let k = i - 2; k >= Math.max(0, i - 6); k--) {
        const t = tokens[k] as Token;
        if (SMASHING.has(t.w)) return true;
        if (t.brk) break;
      }
    }
  }
  return false;
}

// "ramming a knife into his neighbour's chest"; "feeding a living person into a wood chipper".
const THRUSTS = wordSet(
  "ram rams ramming rammed plunge plunges plunging plunged sink sinks sinking sank thrust thrusts thrusting jam jams jamming jammed drive drives driving drove shove shoves shoving shoved",
);
const WEAPONS = wordSet("knife knives blade dagger machete screwdriver icepick pick bayonet sword");
const VICTIMS = wordSet(
  "his her their him them someone somebody man woman victim prisoner person body neighbour neighbor stranger",
);
const MACHINES = wordSet("chipper woodchipper grinder furnace incinerator acid");

function within(
  tokens: readonly Token[],
  from: number,
  step: 1 | -1,
  count: number,
  test: (t: Token) => boolean,
): boolean {
  for (let k = from, n = 0; n < count && k >= 0 && k < tokens.length; k += step, n++) {
    const t = tokens[k] as Token;
    if (test(t)) return true;
    if (step === 1 ? t.brk && k > from : t.brk) return false;
  }
  return false;
}

function intoSomeone(tokens: readonly Token[]): boolean {
  for (let i = 1; i < tokens.length; i++) {
    if ((tokens[i] as Token).w !== "into" || (tokens[i] as Token).brk) continue;
    const stab =
      within(tokens, i - 1, -1, 3, (t) => WEAPONS.has(t.w)) &&
      within(tokens, i - 1, -1, 5, (t) => THRUSTS.has(t.w)) &&
      within(tokens, i + 1, 1, 3, (t) => VICTIMS.has(t.w) || t.pos);
    const machine =
      within(
        tokens,
        i - 1,
        -1,
        3,
        (t) => VICTIMS.has(t.w) && t.w !== "his" && t.w !== "her" && t.w !== "their",
      ) && within(tokens, i + 1, 1, 3, (t) => MACHINES.has(t.w));
    if (stab || machine) return true;
  }
  return false;
}

/** Whether the words describe a violent killing with "to death" ("beat him to death"), maiming or stabbing. */
export function violentAct(tokens: readonly Token[]): boolean {
  if (maiming(tokens) || intoSomeone(tokens)) return true;
  for (let i = 1; i + 1 < tokens.length; i++) {
    const to = tokens[i] as Token;
    if (
      to.w !== "to" ||
      to.brk ||
      (tokens[i + 1] as Token).w !== "death" ||
      (tokens[i + 1] as Token).brk
    )
      continue;
    for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
      const t = tokens[k] as Token;
      if (VERBS.has(t.w)) return true;
      if (t.brk) break;
    }
  }
  return false;
}
