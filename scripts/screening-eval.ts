/**
 * Scores the content screener against tests/fixtures/screening-labelled.jsonl (English) and
 * tests/fixtures/screening/<lang>.jsonl (every other language), and times it on 2000-character
 * prompts in each script. Exits non-zero when a category's recall is under 97% over all
 * languages or under 90% in one language, or when more than 2% of ordinary prompts are
 * rejected, overall or in one language. Run: npm run screening:eval [-- --verbose] [-- --lang=es]
 */
import {
  CATEGORIES,
  type EvaluationReport,
  evaluate,
  evaluateByLanguage,
  formatTiming,
  loadLabelled,
  timeByScript,
} from "../lib/screening/evaluation";
import {
  lexiconMatches,
  MULTILINGUAL_VOCABULARY_SIZE,
  SCREENED_LANGUAGES,
  SKIPPED_ENTRIES,
} from "../lib/screening/multilingual";
import { canonical, tokenize } from "../lib/screening/normalize";
import { REAL_PEOPLE_COUNT } from "../lib/screening/real-people";
import { compact, UNSPACED } from "../lib/screening/scripts";
import { SCREENING_VOCABULARY_SIZE } from "../lib/screening/screen";

const verbose = process.argv.includes("--verbose");
const only = process.argv.find((a) => a.startsWith("--lang="))?.slice(7);
const rows = loadLabelled();
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const SHORT: Record<string, string> = {
  minors: "minors",
  real_person: "person",
  sexual: "sexual",
  graphic_violence: "violence",
  flag_directive: "flag",
};

console.log(
  `Labelled prompts: ${rows.length}; name list: ${REAL_PEOPLE_COUNT} people; ${SCREENING_VOCABULARY_SIZE} English and ${MULTILINGUAL_VOCABULARY_SIZE} other-language phrase forms`,
);
console.log(`Lexicons: ${SCREENED_LANGUAGES.join(" ")}`);
if (SKIPPED_ENTRIES.length > 0) console.log(`Entries not indexed: ${SKIPPED_ENTRIES.join("; ")}`);

/** The other-language entries a prompt trips, to find the word behind a false reject. */
function explain(prompt: string): string {
  const low = canonical(prompt).toLowerCase();
  return lexiconMatches(tokenize(low), UNSPACED.test(low) ? compact(low) : null).join(", ");
}

function details(label: string, report: EvaluationReport): void {
  if (!verbose) return;
  for (const c of CATEGORIES)
    for (const m of report.categories[c].missed)
      console.log(`    ${label} missed ${c}: ${JSON.stringify(m)}`);
  for (const w of report.allow.wronglyRejected)
    console.log(
      `    ${label} rejected as ${w.category}: ${JSON.stringify(w.prompt)} [${explain(w.prompt)}]`,
    );
}

const failures: string[] = [];
const languages = evaluateByLanguage(rows);
console.log(
  `\nlang      ${CATEGORIES.map((c) => SHORT[c]?.padStart(15)).join("")}   false rejects`,
);
for (const [lang, report] of languages) {
  if (only !== undefined && lang !== only) continue;
  const cells = CATEGORIES.map((c) => {
    const s = report.categories[c];
    return `${s.rejected}/${s.count} ${s.count === 0 ? "  -  " : pct(s.recall).padStart(6)}`.padStart(
      15,
    );
  });
  console.log(
    `${lang.padEnd(9)} ${cells.join("")}   ${report.allow.falseRejects}/${report.allow.count} (${pct(report.allow.rate)})`,
  );
  for (const f of report.failures) failures.push(`${lang}: ${f}`);
  details(lang, report);
}

const overall = evaluate(only === undefined ? rows : rows.filter((r) => r.lang === only));
console.log(`\nall languages (${rows.length} prompts)`);
console.log("category           count  recall   exact-category");
for (const c of CATEGORIES) {
  const s = overall.categories[c];
  console.log(
    `${c.padEnd(18)} ${String(s.count).padStart(5)}  ${pct(s.recall).padStart(6)}   ${pct(s.exactAccuracy).padStart(6)}`,
  );
}
const a = overall.allow;
console.log(
  `allow              ${String(a.count).padStart(5)}  false rejects ${a.falseRejects} (${pct(a.rate)})`,
);
for (const f of overall.failures) failures.push(`overall: ${f}`);

console.log(
  "\n2000-char prompts per script, one core: wall-clock mean / p50 / p99 / max, CPU time mean / p50 / p99, steady p99 (slowest prompts' median CPU time)",
);
for (const { script, timing } of timeByScript(rows))
  console.log(
    `${script.padEnd(11)} ${timing === null ? "no ordinary prompts in this script yet" : formatTiming(timing)}`,
  );

if (only === undefined && failures.length > 0) {
  console.error(`\nFAIL: ${failures.join("; ")}`);
  process.exit(1);
}
console.log(only === undefined ? "\nPASS" : "");
