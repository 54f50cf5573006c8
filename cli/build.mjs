// Bundles the CLI and everything it imports (x402, viem, the MCP SDK, zod) into one file, so the
// installed package has no dependencies: it installs from a path or tarball without the registry
// and runs with plain `node`. It is the package's `prepack` script, so `npm pack` in cli/ always
// ships a fresh bundle.
import { chmodSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(here, "dist", "reel402.mjs");

await build({
  entryPoints: [path.join(here, "main.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: true,
  legalComments: "linked",
  // Some bundled packages are CommonJS and call require() for Node built-ins.
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __reel402Require } from "node:module";\nconst require = __reel402Require(import.meta.url);',
  },
  logLevel: "warning",
});
chmodSync(outfile, 0o755);
