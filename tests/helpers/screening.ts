import assert from "node:assert/strict";
import { type ScreeningCategory, screen } from "@/lib/screening/screen";

/** The local screen's answer to a prompt: "allow", or the category it refuses. */
export function verdict(prompt: string): ScreeningCategory | "allow" {
  const result = screen(prompt);
  return result.allowed ? "allow" : result.category;
}

/** Every prompt gets `expected`; a failure lists each prompt that did not, with its verdict. */
export function expectAll(expected: ScreeningCategory | "allow", prompts: string[]): void {
  const wrong = prompts
    .filter((p) => verdict(p) !== expected)
    .map((p) => `${JSON.stringify(p)} → ${verdict(p)}`);
  assert.deepEqual(wrong, [], `expected ${expected}`);
}
