import type { Token } from "./normalize";

/**
 * Killing described as a brutal act, in English, when no gore word is used: "clubbing someone
 * to death with a baseball bat", "beat him to death", "kicked the man to death". A violent verb
 * up to four words before "to death", in the same clause. Verbs that are figures of speech
 * with "to death" ("bored", "scared", "loved", "worked", "tickled") are not listed.
 */

const VERBS = new Set(
  `club clubs clubbing clubbed beat beats beating beaten bludgeon bludgeons bludgeoning bludgeoned stab stabs stabbing stabbed kick kicks kicking kicked
  stomp stomps stomping stomped strangle strangles strangling strangled choke chokes choking choked hack hacks hacking hacked burn burns burning burned burnt
  stone stones stoning stoned whip whips whipping whipped flog flogs flogging flogged torture tortures torturing tortured crush crushes crushing crushed
  maul mauls mauling mauled hammer hammers hammering hammered batter batters battering battered bash bashes bashing bashed pummel pummels pummeling pummelled
  pummeled pummelling punch punches punching punched slash slashes slashing slashed knife knifes knifing knifed shoot shoots shooting shot gun guns gunning gunned
  drown drowns drowning drowned smother smothers smothering smothered suffocate suffocates suffocating suffocated lash lashes lashing lashed cane caning caned
  trample tramples trampling trampled bite biting bit bitten gore gored goring machete macheted axe axed pistol whipped pistolwhipped lynch lynched lynching
  rape raped raping`.split(/\s+/),
);

/** Whether the words describe a violent killing with "to death" ("beat him to death"). */
export function violentAct(tokens: readonly Token[]): boolean {
  for (let i = 1; i + 1 < tokens.length; i++) {
    const to = tokens[i] as Token;
    if (to.w !== "to" || to.brk || (tokens[i + 1] as Token).w !== "death" || (tokens[i + 1] as Token).brk) continue;
    for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
      const t = tokens[k] as Token;
      if (VERBS.has(t.w)) return true;
      if (t.brk) break;
    }
  }
  return false;
}
