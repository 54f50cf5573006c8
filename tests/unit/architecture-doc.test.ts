import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { test } from "node:test";

// The architecture page names files, and files move: every path it writes in backticks must
// exist, so a rename that forgets the page fails here instead of misleading a newcomer.
const doc = readFileSync("docs/architecture.md", "utf8");
const paths = [
  ...new Set(
    [...doc.matchAll(/`((?:lib|app|scripts)\/[^`\s]*)`/g)].map((m) => (m[1] ?? "").trim()),
  ),
];

test("docs/architecture.md names paths in lib/, app/ and scripts/", () => {
  assert.ok(paths.length >= 30, `only ${paths.length} paths found`);
});

test("every lib/, app/ and scripts/ path docs/architecture.md names exists", () => {
  assert.deepEqual(
    paths.filter((p) => !existsSync(p)),
    [],
    "paths in docs/architecture.md that do not exist",
  );
});
