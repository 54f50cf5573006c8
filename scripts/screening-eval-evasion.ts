/**
 * Scores the content screener on the evasion sets (tests/fixtures/screening/evasion/*.jsonl):
 * recall per category, per disguise and per language on the held-out files and on the tuning
 * files separately, and false rejects on their ordinary ("allow") rows. Figures only, no bar:
 * the floors live in tests/unit/screening-evasion.test.ts.
 * Run: npm run screening:eval -- evasion [--verbose]
 */
import { type EvasionPrompt, loadEvasion, scoreBy } from "../lib/screening/evaluation";

const verbose = process.argv.includes("--verbose");
const { heldOut, tuning, files } = loadEvasion();
const pct = (n: number, d: number): string =>
  d === 0 ? "  -  " : `${((n / d) * 100).toFixed(1)}%`;

function table(
  title: string,
  rows: readonly EvasionPrompt[],
  key: (r: EvasionPrompt) => string,
): void {
  console.log(`  ${title}`);
  const scores = [...scoreBy(rows, key)].sort(([a], [b]) => a.localeCompare(b));
  for (const [k, s] of scores)
    console.log(
      `    ${k.padEnd(34)} ${`${s.correct}/${s.count}`.padStart(8)}  ${pct(s.correct, s.count).padStart(6)}`,
    );
}

function report(name: string, rows: readonly EvasionPrompt[]): void {
  const refused = rows.filter((r) => r.label !== "allow");
  const allowed = rows.filter((r) => r.label === "allow");
  console.log(`\n${name}: ${refused.length} prompts to refuse, ${allowed.length} ordinary prompts`);
  table("recall per category", refused, (r) => r.label);
  table("recall per category and disguise", refused, (r) => `${r.label} / ${r.evasion}`);
  table("recall per language", refused, (r) => r.lang);
  const passed = scoreBy(allowed, () => "all").get("all");
  if (passed !== undefined) {
    const rejects = passed.count - passed.correct;
    console.log(
      `  false rejects on ordinary prompts: ${rejects}/${passed.count} (${pct(rejects, passed.count)})`,
    );
  }
  if (!verbose) return;
  for (const [, s] of scoreBy(rows, (r) => r.label))
    for (const m of s.missed)
      console.log(
        `    ${m.label === "allow" ? "wrongly refused" : `missed ${m.label}`} [${m.lang}, ${m.evasion}]: ${JSON.stringify(m.prompt)}`,
      );
}

console.log(`Evasion sets: ${files.join(", ")}`);
report("HELD-OUT (never tuned on)", heldOut);
report("TUNING", tuning);
