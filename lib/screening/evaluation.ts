import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type ScreeningCategory, screen } from "./screen";

/** Scoring of the screener against a labelled set; shared by scripts/screening-eval.ts and the unit tests. */

export type Label = "allow" | ScreeningCategory;
export type LabelledPrompt = { prompt: string; label: Label; lang: string };

export const CATEGORIES: readonly ScreeningCategory[] = [
  "minors",
  "real_person",
  "sexual",
  "graphic_violence",
  "flag_directive",
];
/** Recall per category over all languages, and within each single language. */
export const RECALL_BAR = 0.97;
export const LANGUAGE_RECALL_BAR = 0.9;
/** Share of ordinary prompts wrongly refused, overall and in each language. */
export const FALSE_REJECT_BAR = 0.02;

export type CategoryScore = {
  count: number;
  rejected: number;
  exact: number;
  recall: number;
  exactAccuracy: number;
  missed: string[];
};
export type EvaluationReport = {
  categories: Record<ScreeningCategory, CategoryScore>;
  allow: {
    count: number;
    falseRejects: number;
    rate: number;
    byCategory: Record<ScreeningCategory, number>;
    wronglyRejected: Array<{ prompt: string; category: ScreeningCategory }>;
  };
  passes: boolean;
  failures: string[];
};

/** Rows without a "lang" field take `lang` (the original English set has none). */
export function parseLabelled(jsonl: string, lang = "en"): LabelledPrompt[] {
  const rows: LabelledPrompt[] = [];
  for (const [n, line] of jsonl.split("\n").entries()) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line) as { prompt?: unknown; label?: unknown; lang?: unknown };
    if (
      typeof row.prompt !== "string" ||
      !(row.label === "allow" || CATEGORIES.includes(row.label as ScreeningCategory))
    ) {
      throw new Error(`line ${n + 1}: expected {"prompt": string, "label": "allow" | category}`);
    }
    rows.push({
      prompt: row.prompt,
      label: row.label as Label,
      lang: typeof row.lang === "string" ? row.lang : lang,
    });
  }
  return rows;
}

const zeroes = (): Record<ScreeningCategory, number> => ({
  minors: 0,
  real_person: 0,
  sexual: 0,
  graphic_violence: 0,
  flag_directive: 0,
});

export function evaluate(
  rows: readonly LabelledPrompt[],
  recallBar = RECALL_BAR,
): EvaluationReport {
  const categories = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      { count: 0, rejected: 0, exact: 0, recall: 0, exactAccuracy: 0, missed: [] as string[] },
    ]),
  ) as Record<ScreeningCategory, CategoryScore>;
  const allow = {
    count: 0,
    falseRejects: 0,
    rate: 0,
    byCategory: zeroes(),
    wronglyRejected: [] as Array<{ prompt: string; category: ScreeningCategory }>,
  };

  for (const { prompt, label } of rows) {
    const verdict = screen(prompt);
    if (label === "allow") {
      allow.count++;
      if (!verdict.allowed) {
        allow.falseRejects++;
        allow.byCategory[verdict.category]++;
        allow.wronglyRejected.push({ prompt, category: verdict.category });
      }
      continue;
    }
    const score = categories[label];
    score.count++;
    if (verdict.allowed) score.missed.push(prompt);
    else {
      score.rejected++;
      if (verdict.category === label) score.exact++;
    }
  }

  const failures: string[] = [];
  for (const c of CATEGORIES) {
    const s = categories[c];
    s.recall = s.count === 0 ? 1 : s.rejected / s.count;
    s.exactAccuracy = s.count === 0 ? 1 : s.exact / s.count;
    if (s.recall < recallBar)
      failures.push(`${c} recall ${(s.recall * 100).toFixed(1)}% < ${recallBar * 100}%`);
  }
  allow.rate = allow.count === 0 ? 0 : allow.falseRejects / allow.count;
  if (allow.rate > FALSE_REJECT_BAR)
    failures.push(
      `false-reject rate ${(allow.rate * 100).toFixed(1)}% > ${FALSE_REJECT_BAR * 100}%`,
    );
  return { categories, allow, passes: failures.length === 0, failures };
}

/** The report of each language on its own (bars: LANGUAGE_RECALL_BAR, FALSE_REJECT_BAR), in order of first appearance. */
export function evaluateByLanguage(rows: readonly LabelledPrompt[]): Map<string, EvaluationReport> {
  const byLang = new Map<string, LabelledPrompt[]>();
  for (const row of rows) {
    const list = byLang.get(row.lang) ?? [];
    list.push(row);
    byLang.set(row.lang, list);
  }
  return new Map([...byLang].map(([lang, list]) => [lang, evaluate(list, LANGUAGE_RECALL_BAR)]));
}

/**
 * Prompts of exactly `length` characters built from the ordinary prompts of the set, plus one
 * sprinkled with digits and spelled letters so that every decoded reading is computed too.
 */
export function longPrompts(rows: readonly LabelledPrompt[], length = 2000, count = 20): string[] {
  const ordinary = rows.filter((r) => r.label === "allow").map((r) => r.prompt);
  const out: string[] = [];
  for (let k = 0; k < count && ordinary.length > 0; k++) {
    let text = "";
    for (let i = k; text.length < length; i++) text += `${ordinary[i % ordinary.length]}. `;
    out.push(text.slice(0, length));
  }
  let noisy = "";
  for (let i = 0; noisy.length < length; i++)
    noisy += `${ordinary[i % ordinary.length]} in 4k 60fps, r 3 d b 1 u e, caaat 1080p. `;
  out.push(noisy.slice(0, length));
  return out;
}

export type Timing = {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  cpuMeanMs: number;
  cpuP50Ms: number;
  cpuP99Ms: number;
  steadyP99Ms: number;
  samples: number;
};

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/**
 * Wall-clock mean, median, p99 and max per call; CPU time per call (mean, median and p99),
 * which is what to read on a busy machine, where wall-clock figures include time spent waiting
 * for a core; and
 * the steady p99: each prompt's median CPU time over the rounds, then the p99 over prompts,
 * which is the cost of the slowest prompts without the noise of other processes.
 */
export function timeScreening(prompts: readonly string[], rounds = 100): Timing {
  for (let r = 0; r < 10; r++) for (const p of prompts) screen(p);
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  const perPrompt: number[][] = prompts.map(() => []);
  const cpuBefore = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < prompts.length; i++) {
      const cpu = process.cpuUsage();
      const start = process.hrtime.bigint();
      screen(prompts[i] as string);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      const used = process.cpuUsage(cpu);
      const ms = (used.user + used.system) / 1000;
      cpuSamples.push(ms);
      (perPrompt[i] as number[]).push(ms);
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  samples.sort((a, b) => a - b);
  cpuSamples.sort((a, b) => a - b);
  const medians = perPrompt
    .map((xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0)
    .sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const cpuMeanMs = (cpu.user + cpu.system) / 1000 / samples.length;
  return {
    meanMs: mean,
    p50Ms: quantile(samples, 0.5),
    p99Ms: quantile(samples, 0.99),
    maxMs: samples[samples.length - 1] ?? 0,
    cpuMeanMs,
    cpuP50Ms: quantile(cpuSamples, 0.5),
    cpuP99Ms: quantile(cpuSamples, 0.99),
    steadyP99Ms: quantile(medians, 0.99),
    samples: samples.length,
  };
}

/** Every labelled prompt: the English set, then tests/fixtures/screening/<lang>.jsonl in name order. */
export function loadLabelled(root = process.cwd()): LabelledPrompt[] {
  const fixtures = path.join(root, "tests/fixtures");
  const rows = parseLabelled(
    readFileSync(path.join(fixtures, "screening-labelled.jsonl"), "utf8"),
    "en",
  );
  const dir = path.join(fixtures, "screening");
  for (const file of (existsSync(dir) ? readdirSync(dir) : [])
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    rows.push(
      ...parseLabelled(readFileSync(path.join(dir, file), "utf8"), file.replace(/\.jsonl$/, "")),
    );
  }
  return rows;
}

/** The languages whose ordinary prompts make each script's 2000-character timing prompts. */
export const SCRIPT_LANGUAGES: ReadonlyArray<readonly [script: string, langs: readonly string[]]> =
  [
    ["Latin", ["en", "es", "fr", "de", "pt", "it", "nl", "pl", "tr", "id", "vi"]],
    ["Cyrillic", ["ru", "uk"]],
    ["Han", ["zh-Hans", "zh-Hant", "ja"]],
    ["Arabic", ["ar", "fa"]],
    ["Devanagari", ["hi"]],
    ["Thai", ["th"]],
    ["Hangul", ["ko"]],
  ];

/** Timing of 2000-character prompts in each script (null: no ordinary prompts in that script). */
export function timeByScript(
  rows: readonly LabelledPrompt[],
  rounds = 50,
): Array<{ script: string; timing: Timing | null }> {
  return SCRIPT_LANGUAGES.map(([script, langs]) => {
    const set = rows.filter((r) => langs.includes(r.lang));
    return {
      script,
      timing: set.some((r) => r.label === "allow")
        ? timeScreening(longPrompts(set, 2000), rounds)
        : null,
    };
  });
}

export const formatTiming = (t: Timing): string =>
  `${String(t.samples).padStart(5)} runs  wall ${[t.meanMs, t.p50Ms, t.p99Ms, t.maxMs].map((x) => x.toFixed(3)).join(" / ")} ms  CPU ${[t.cpuMeanMs, t.cpuP50Ms, t.cpuP99Ms].map((x) => x.toFixed(3)).join(" / ")} ms  steady p99 ${t.steadyP99Ms.toFixed(3)} ms`;

/** A row of the evasion sets: a labelled prompt plus the disguise it uses ("age-written", "slang", "emoji"...). */
export type EvasionPrompt = LabelledPrompt & { evasion: string };
export type EvasionSets = { heldOut: EvasionPrompt[]; tuning: EvasionPrompt[]; files: string[] };

export const EVASION_DIR = "tests/fixtures/screening/evasion";

/**
 * Every file of tests/fixtures/screening/evasion/: those whose name ends in "held-out.jsonl" are
 * the held-out set (never tuned on), every other .jsonl file is a tuning set.
 */
export function loadEvasion(root = process.cwd()): EvasionSets {
  const dir = path.join(root, EVASION_DIR);
  const sets: EvasionSets = { heldOut: [], tuning: [], files: [] };
  const files = (existsSync(dir) ? readdirSync(dir) : [])
    .filter((f) => f.endsWith(".jsonl"))
    .sort();
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), "utf8");
    const labelled = parseLabelled(text);
    const classes = text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { class?: unknown }).class);
    const rows = labelled.map((row, i) => ({
      ...row,
      evasion: typeof classes[i] === "string" ? (classes[i] as string) : "unspecified",
    }));
    (file.endsWith("held-out.jsonl") ? sets.heldOut : sets.tuning).push(...rows);
    sets.files.push(file);
  }
  return sets;
}

/** Recall (or, for "allow", the share passed) of the rows grouped by `key`. */
export function scoreBy(
  rows: readonly EvasionPrompt[],
  key: (row: EvasionPrompt) => string,
): Map<string, { count: number; correct: number; missed: EvasionPrompt[] }> {
  const out = new Map<string, { count: number; correct: number; missed: EvasionPrompt[] }>();
  for (const row of rows) {
    const k = key(row);
    const cell = out.get(k) ?? { count: 0, correct: 0, missed: [] };
    const verdict = screen(row.prompt);
    const correct = row.label === "allow" ? verdict.allowed : !verdict.allowed;
    cell.count++;
    if (correct) cell.correct++;
    else cell.missed.push(row);
    out.set(k, cell);
  }
  return out;
}
