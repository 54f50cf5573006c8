import { loadLabelled, longPrompts } from "@/lib/screening/evaluation";
import { canonical, tokenize } from "@/lib/screening/normalize";
import { screen } from "@/lib/screening/screen";
import { decodedVariants } from "@/lib/screening/deobfuscate";
const rows = loadLabelled().filter(r => r.lang === "en");
const ps = longPrompts(rows, 2000);
const noisy = ps[ps.length - 1]!; const plain = ps[0]!;
function t(name: string, f: () => unknown) { for (let i = 0; i < 50; i++) f(); const c = process.cpuUsage(); for (let i = 0; i < 300; i++) f(); const u = process.cpuUsage(c); console.log(name, ((u.user + u.system) / 300 / 1000).toFixed(3), "ms"); }
t("plain", () => screen(plain));
t("noisy", () => screen(noisy));
const low = canonical(noisy).toLowerCase();
t("decode", () => decodedVariants(low, () => true));
const v = decodedVariants(low, (w) => w.length > 2);
console.log(v.length, "variants");
t("tokenize", () => tokenize(low));
