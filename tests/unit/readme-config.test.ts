import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ENV_VARIABLES } from "@/lib/platform/env";

const guide = readFileSync("docs/operators.md", "utf8");
const section = guide.slice(guide.indexOf("## Configuration"), guide.indexOf("## Operator tools"));
const documented = new Set(
  [...section.matchAll(/^\| (.+?) \|/gm)].flatMap((m) =>
    [...(m[1] ?? "").matchAll(/`([A-Z0-9_]+)`/g)].map((v) => v[1]),
  ),
);

test("the operators' configuration tables document every variable the service reads, and only those", () => {
  assert.ok(section.length > 0, "docs/operators.md has a Configuration section");
  assert.deepEqual(
    ENV_VARIABLES.filter((v) => !documented.has(v)),
    [],
    "undocumented variables",
  );
  assert.deepEqual(
    [...documented].filter((v) => !ENV_VARIABLES.includes(v as string)),
    [],
    "documented but never read",
  );
});
