/**
 * Scores the content screener against tests/fixtures/screening-labelled.jsonl and times it on
 * 2000-character prompts. Exits non-zero when a category's recall is under 95% or more than 3%
 * of ordinary prompts are rejected. Run: npm run screening:eval [-- --verbose]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CATEGORIES, evaluate, longPrompts, parseLabelled, timeScreening } from "../lib/screening/evaluation";
import { REAL_PEOPLE_COUNT } from "../lib/screening/real-people";
import { SCREENING_VOCABULARY_SIZE } from "../lib/screening/screen";

const verbose = process.argv.includes("--verbose");
const file = path.join(process.cwd(), "tests/fixtures/screening-labelled.jsonl");
const rows = parseLabelled(readFileSync(file, "utf8"));
const report = evaluate(rows);
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

console.log(`Labelled set: ${rows.length} prompts; name list: ${REAL_PEOPLE_COUNT} people; ${SCREENING_VOCABULARY_SIZE} refused phrase forms\n`);
console.log("category           count  recall   exact-category");
for (const c of CATEGORIES) {
  const s = report.categories[c];
  console.log(`${c.padEnd(18)} ${String(s.count).padStart(5)}  ${pct(s.recall).padStart(6)}   ${pct(s.exactAccuracy).padStart(6)}`);
  if (verbose) for (const m of s.missed) console.log(`    missed: ${JSON.stringify(m)}`);
}

const a = report.allow;
console.log(`\nallow              ${String(a.count).padStart(5)}  false rejects ${a.falseRejects} (${pct(a.rate)})`);
for (const c of CATEGORIES) if (a.byCategory[c] > 0) console.log(`    wrongly fired ${c}: ${a.byCategory[c]}`);
if (verbose) for (const w of a.wronglyRejected) console.log(`    rejected as ${w.category}: ${JSON.stringify(w.prompt)}`);

const timing = timeScreening(longPrompts(rows, 2000));
console.log(
  `\n2000-char prompt (${timing.samples} runs): mean ${timing.meanMs.toFixed(3)} ms, p99 ${timing.p99Ms.toFixed(3)} ms, max ${timing.maxMs.toFixed(3)} ms wall-clock; mean ${timing.cpuMeanMs.toFixed(3)} ms CPU`,
);

if (!report.passes) {
  console.error(`\nFAIL: ${report.failures.join("; ")}`);
  process.exit(1);
}
console.log("\nPASS");
