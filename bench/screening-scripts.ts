import { formatTiming, loadLabelled, timeByScript } from "@/lib/screening/evaluation";

/** The content screen on 2000-character prompts in each script (target: p99 under 2 ms on one core). Prints figures; asserts nothing. */
export function benchScreeningScripts(): void {
  console.log(
    "screening, 2000-char prompts per script: wall-clock mean / p50 / p99 / max, CPU time mean / p50 / p99, steady p99 (slowest prompts' median CPU time)",
  );
  for (const { script, timing } of timeByScript(loadLabelled(), 100))
    console.log(`  ${script.padEnd(11)} ${timing === null ? "no prompts" : formatTiming(timing)}`);
}
