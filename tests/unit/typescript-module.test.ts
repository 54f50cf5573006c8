import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

const CACHE = pathToFileURL(path.join(process.cwd(), "node_modules", ".cache", "reel402")).href;

/**
 * A worker thread's TypeScript module is compiled into a file Node loads itself, not loaded
 * through tsx's hooks (whose thread every later import() would cross): the module's own URL is
 * the compiled file's, with no tsx namespace; its @/ imports are compiled in; its packages,
 * imported after loading too, come from node_modules.
 */
test("a worker thread's TypeScript module runs compiled, outside loader hooks", async () => {
  const worker = new Worker(
    new URL("../fixtures/workers/typescript-module-entry.mjs", import.meta.url),
  );
  const report = await new Promise<{ loadedFrom: string; aliased: string; imported: boolean }>(
    (resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    },
  );
  await worker.terminate();
  assert.ok(report.loadedFrom.startsWith(`${CACHE}/typescript-module-probe-`), report.loadedFrom);
  assert.ok(!report.loadedFrom.includes("tsx-namespace"), report.loadedFrom);
  assert.equal(report.aliased, "TypeError");
  assert.equal(report.imported, true);
  // The compiled file holds the project's module it imported, not a reference to its source.
  const compiled = readFileSync(fileURLToPath(report.loadedFrom), "utf8");
  assert.match(compiled, /function threadError/);
  assert.doesNotMatch(compiled, /@\/lib\//);
});
