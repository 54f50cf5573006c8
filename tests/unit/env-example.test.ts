import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { ENV_VARIABLES } from "@/lib/platform/env";

// .env.example is where a deployer starts: it must name every variable lib/platform/env.ts reads (as a
// commented `NAME=` line), and nothing the service would silently ignore.
const example = readFileSync(".env.example", "utf8");
const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

test(".env.example lists every variable the service reads", () => {
  assert.ok(ENV_VARIABLES.length > 50, "lib/platform/env.ts exports its variable names");
  assert.deepEqual(
    ENV_VARIABLES.filter((v) => !listed.has(v)),
    [],
    "variables missing from .env.example",
  );
});

test(".env.example lists only variables the service reads", () => {
  assert.deepEqual(
    [...listed].filter((v) => !ENV_VARIABLES.includes(v as string)),
    [],
    "names in .env.example that lib/platform/env.ts does not read",
  );
});
