// The whole suite, as CI runs it: type check and lint (each counted as one test), build, then unit + integration tests (node:test) against the
// built app, then the browser tests. Ends with one plain "N passed, N failed" line over all runners.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);
const wants = (stage) => only.length === 0 || only.includes(stage);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

let passed = 0;
let failed = 0;
let exit = 0;

if (wants("typecheck")) {
  if (run(path.join(root, "node_modules/.bin/tsc"), ["--noEmit", "-p", "."]) !== 0) {
    console.log("typecheck failed");
    failed += 1;
    exit = 1;
  } else passed += 1;
}

if (wants("lint")) {
  // Formatting and lint rules, counted as one test like the type check.
  if (run(path.join(root, "node_modules/.bin/biome"), ["check", "."]) !== 0) {
    console.log("lint failed");
    failed += 1;
    exit = 1;
  } else passed += 1;
}

if (wants("build") && process.env.SKIP_BUILD !== "1") {
  if (run(path.join(root, "node_modules/.bin/next"), ["build"]) !== 0) {
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
}

if (wants("node")) {
  const files = ["tests/unit", "tests/integration"].flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".test.ts"))
          .sort()
          .map((f) => path.join(dir, f))
      : [],
  );
  const tap = path.join(tmp, "node-tests.tap");
  const code = run(process.execPath, [
    "--conditions=react-server",
    "--import",
    "tsx",
    "--test",
    "--test-concurrency=1",
    "--test-reporter=spec",
    "--test-reporter-destination=stdout",
    "--test-reporter=tap",
    `--test-reporter-destination=${tap}`,
    ...files,
  ]);
  const text = existsSync(tap) ? readFileSync(tap, "utf8") : "";
  passed += Number(/^# pass (\d+)/m.exec(text)?.[1] ?? 0);
  failed += Number(/^# fail (\d+)/m.exec(text)?.[1] ?? 0);
  if (code !== 0) exit = 1;
}

if (wants("e2e") && existsSync(path.join(root, "playwright.config.ts"))) {
  const report = path.join(tmp, "playwright.json");
  const code = run(path.join(root, "node_modules/.bin/playwright"), ["test"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, "utf8")).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
  }
  if (code !== 0) exit = 1;
}

if (passed + failed === 0) exit = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(exit || (failed > 0 ? 1 : 0));
