#!/usr/bin/env node
// Inside the checkout only (`npx reel402` here, for working on cli/): runs the TypeScript sources
// through tsx. Users install the bundled package instead: see cli/package.json and the README.
import { register } from "tsx/esm/api";

register();
await import("../cli/main.ts");
