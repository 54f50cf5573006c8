import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

// The module rule lives in .dependency-cruiser.cjs: lib/ modules in layers, entered only through
// their front doors, no cycle. This runs the maintained checker over the real tree.
const BIN = path.resolve("node_modules/.bin/depcruise");
const SCOPE = ["lib", "app", "components", "proxy.ts", "instrumentation.ts"];

function cruise(paths: string[]) {
  const r = spawnSync(
    BIN,
    ["--config", ".dependency-cruiser.cjs", "--output-type", "err", ...paths],
    {
      encoding: "utf8",
    },
  );
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

test("lib/ keeps the module rule: layers, front doors, no cycle", () => {
  const { code, out } = cruise(SCOPE);
  assert.equal(code, 0, out);
  assert.match(out, /no dependency violations found/);
});

test("the rule refuses an upward import and a deep import across a door", () => {
  // A probe inside the lowest module that reaches up into the HTTP module, past its door.
  const dir = path.resolve("lib/platform/rule-probe");
  mkdirSync(dir, { recursive: true });
  const probe = path.join(dir, "probe.ts");
  writeFileSync(
    probe,
    'import { problem } from "@/lib/http/api/problem";\nexport const probe = problem;\n',
  );
  try {
    const { code, out } = cruise([path.relative(process.cwd(), probe)]);
    assert.notEqual(code, 0, out);
    assert.match(out, /layer-platform/);
    assert.match(out, /front-door/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the launcher and the request proxy load no server-only code (they run outside the server bundle)", () => {
  // scripts/serve.ts runs without the react-server condition: a door that drags in a
  // "server-only" module there stops every server at start.
  const launcherImports = [
    ...readFileSync("scripts/serve.ts", "utf8").matchAll(/from "(@\/lib\/[^"]+)"/g),
  ].map((m) => m[1] as string);
  assert.ok(launcherImports.length >= 3, "scripts/serve.ts imports lib/");
  const files = [...launcherImports.map((s) => `./${s.slice(2)}.ts`), "./proxy.ts"];
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "-e", `for (const f of ${JSON.stringify(files)}) await import(f);`],
    { encoding: "utf8" },
  );
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
});
