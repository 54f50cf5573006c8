// Loads a worker thread's TypeScript module. Plain JavaScript: a worker's entry file runs before
// anything could compile TypeScript for it (lib/platform/threads/worker-thread.ts).
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Imports the TypeScript module `file` (relative to `base`, an import.meta.url) with the
 * project's modules it imports, compiled into one JavaScript file that Node loads itself; its
 * packages load from node_modules as they are. The file is named by its contents under
 * node_modules/.cache/reel402, so threads and processes built from the same sources share it,
 * and it is written once, whole, by a rename.
 *
 * Why not tsx's loader hooks in the thread: once a thread has hooks, every import() it makes goes
 * through the hooks' own thread and back, those libraries make on every call included (viem
 * imports its curve module on each signature recovery, twice per paid request in the
 * facilitator). Where the compiler cannot run or the cache cannot be written (a read-only
 * deployment), tsx loads the module as before.
 *
 * Inside the compiled module, import.meta.url names the compiled file, not the source.
 */
export async function importTypeScript(file, base) {
  const source = fileURLToPath(new URL(file, base));
  let compiled;
  try {
    compiled = await compile(source);
  } catch (error) {
    console.warn(
      `[reel402] ${path.basename(source)} loads through tsx: ${error instanceof Error ? error.message : String(error)}`,
    );
    const { tsImport } = await import("tsx/esm/api");
    return tsImport(file, base);
  }
  return import(pathToFileURL(compiled).href);
}

/** The compiled file's path, written if no file of the same contents is there yet. */
async function compile(source) {
  const root = process.cwd();
  const esbuild = await import("esbuild");
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [source],
      bundle: true,
      platform: "node",
      format: "esm",
      target: `node${process.versions.node}`,
      // Packages stay imports, resolved from node_modules as the rest of the process resolves them;
      // only the project's own modules (the tsconfig's @/ paths among them) are compiled in.
      packages: "external",
      tsconfig: path.join(root, "tsconfig.json"),
      absWorkingDir: root,
      write: false,
      logLevel: "silent",
    });
  } finally {
    // The compiler's own process is not kept for the thread's life.
    await esbuild.stop();
  }
  const text = result.outputFiles[0].text;
  const digest = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const dir = path.join(root, "node_modules", ".cache", "reel402");
  const target = path.join(dir, `${path.basename(source, ".ts")}-${digest}.mjs`);
  if (!existsSync(target)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${target}.${randomUUID()}.tmp`;
    writeFileSync(partial, text);
    renameSync(partial, target);
  }
  return target;
}
