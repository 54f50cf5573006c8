import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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
