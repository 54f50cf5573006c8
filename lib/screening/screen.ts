import { deobfuscate, plain, words } from "@/lib/screening/normalize";
import { findRealPerson } from "@/lib/screening/real-people";
import { FLAG_DIRECTIVE, LIKENESS_TERMS, MINOR_AGES, MINOR_TERMS, SAFE_PHRASES, SEXUAL_TERMS, VIOLENCE_TERMS } from "@/lib/screening/terms";

export type ScreeningCategory = "minors" | "real_person" | "sexual" | "graphic_violence" | "flag_directive";
export type ScreeningResult = { allowed: true } | { allowed: false; category: ScreeningCategory; reason: string };

const REASONS: Record<ScreeningCategory, string> = {
  minors: "Prompts that depict children or teenagers are not allowed.",
  real_person: "Prompts that depict real, identifiable people, their likeness or deepfakes are not allowed.",
  sexual: "Sexually explicit content is not allowed.",
  graphic_violence: "Graphic violence is not allowed.",
  flag_directive: "Parameter directives such as --ar or --v are not allowed in the prompt; use the request fields instead.",
};

const reject = (category: ScreeningCategory): ScreeningResult => ({ allowed: false, category, reason: REASONS[category] });

function minorAge(text: string): boolean {
  for (const m of text.matchAll(MINOR_AGES)) {
    const age = Number(m[1] ?? m[2] ?? m[3]);
    const grade = m[4] !== undefined;
    if (grade ? Number(m[4]) <= 12 : age < 18) return true;
  }
  return false;
}

function withoutSafePhrases(text: string): string {
  return SAFE_PHRASES.reduce((t, re) => t.replace(re, " "), text);
}

/** The content policy, before payment. Pure: a prompt in, a verdict out. */
export function screen(prompt: string): ScreeningResult {
  const normal = plain(prompt);
  if (FLAG_DIRECTIVE.test(normal)) return reject("flag_directive");
  const direct = words(normal);
  const decoded = words(deobfuscate(normal));
  // Most prompts carry no disguise, so the decoded form is usually the same text.
  const forms = decoded === direct ? [direct] : [direct, decoded];
  for (const form of forms) {
    const text = withoutSafePhrases(form);
    if (MINOR_TERMS.test(text) || minorAge(text)) return reject("minors");
    if (LIKENESS_TERMS.test(text) || findRealPerson(text)) return reject("real_person");
    if (SEXUAL_TERMS.test(text)) return reject("sexual");
    if (VIOLENCE_TERMS.test(text)) return reject("graphic_violence");
  }
  return { allowed: true };
}
