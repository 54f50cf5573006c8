import { loadLabelled, longPrompts } from "@/lib/screening/evaluation";
import { canonical, tokenize, lookalikeReading } from "@/lib/screening/normalize";
import { screen } from "@/lib/screening/screen";
import { decodedVariants } from "@/lib/screening/deobfuscate";
import { multilingualFlags } from "@/lib/screening/multilingual";
import { mentionsName } from "@/lib/screening/real-people";
const rows = loadLabelled();
const sets: Record<string, string[]> = { latin: ["en","es","fr","de"], cyr: ["ru","uk"], han: ["zh-Hans","ja"], ar: ["ar","fa"] };
function t(name: string, ps: string[], f: (p: string) => unknown) {
  for (let i = 0; i < 20; i++) for (const p of ps) f(p);
  const s = performance.now();
  for (let i = 0; i < 50; i++) for (const p of ps) f(p);
  return `${name} ${((performance.now() - s) / (50 * ps.length)).toFixed(3)}`;
}
for (const [k, langs] of Object.entries(sets)) {
  const ps = longPrompts(rows.filter(r => langs.includes(r.lang)), 2000);
  const cs = ps.map(canonical);
  const toks = cs.map(c => tokenize(c, c.toLowerCase()));
  console.log(k, t("all", ps, screen), t("canon", ps, canonical), t("tok", cs, c => tokenize(c, c.toLowerCase())), t("look", cs, lookalikeReading),
    t("decode", cs, c => decodedVariants(c.toLowerCase(), () => true)), t("names", toks as any, (x: any) => mentionsName(x)),
    t("ml", toks as any, (x: any) => multilingualFlags(x, null, { minors: false, sexual: false, violent: false, likeness: false })));
}
